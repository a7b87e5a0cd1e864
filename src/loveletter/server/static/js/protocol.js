// @ts-check
// The server's WebSocket messages (docs/protocol.md) and the view they carry
// (docs/views.md), as JSDoc types for the type checker. Nothing here runs: the page
// never loads this module, other modules import its types in comments.

/** @typedef {"en" | "fr"} Lang */

// ------------------------------------------------------------------ the table

/**
 * A seat as everyone sees it.
 * @typedef {object} SeatInfo
 * @property {number} seat
 * @property {"open" | "human" | "bot"} kind
 * @property {string | null} name  null while the seat is open
 * @property {string | null} level  a bot's level
 * @property {boolean} online
 * @property {boolean} standin  a bot plays for a player gone too long
 * @property {boolean} away  marked away: their turn timer ran out three times in a row
 * @property {number | null} standin_at  when a bot stands in for this absent player
 *   (server time, seconds), null unless they are gone during a game
 */

/**
 * A table as everyone sees it.
 * @typedef {object} TableInfo
 * @property {string} id
 * @property {string} edition
 * @property {Record<string, unknown>} options  the options given at creation
 * @property {string} bot_level
 * @property {number} disconnect_timeout  seconds a player may be gone before a bot stands in
 * @property {number} turn_timer  seconds a human has for each decision (0: no timer)
 * @property {number | null} deadline  when the decision under way is made by a bot
 *   (server time, seconds), null without a turn timer or a decision
 * @property {number | null} host_seat  the host's seat, null until the host sits
 * @property {number | null} host_gone_at  when seated players may start without the
 *   host, gone now (server time), else null
 * @property {boolean} spectator_chat  whether spectators may write in the chat
 * @property {boolean} hints  whether seated players may ask for the expert's hint
 * @property {boolean} public  listed in the lobby while it waits for players
 * @property {Lang} lang  the language it was created in
 * @property {"lobby" | "playing" | "finished"} status
 * @property {number} game  the game's number at this table (0 in the lobby)
 * @property {number} version
 * @property {SeatInfo[]} seats
 * @property {TimedOut[]} timed_out  this game's decisions made by a bot because the
 *   player's time ran out, oldest first
 */

/**
 * Where a decision a bot made when the player's time ran out begins.
 * @typedef {object} TimedOut
 * @property {number} round
 * @property {number} index  in the round's events
 * @property {number} seat
 */

/**
 * Where a game stands.
 * @typedef {object} Position
 * @property {number} game
 * @property {number} round
 * @property {number} actions  the actions taken in the round
 */

// ------------------------------------------------------------------ the view

/** @typedef {"play" | "chancellor" | "cardinal" | "bishop" | "round_over" | "game_over"} Phase */

/**
 * One seat in a view.
 * @typedef {object} ViewSeat
 * @property {number} seat
 * @property {string} name
 * @property {string[]} discards  in the order played
 * @property {boolean} out
 * @property {boolean} protected
 * @property {number} tokens
 * @property {number} hand_count
 */

/**
 * The second step of a decision under way.
 * @typedef {{step: "chancellor", seat: number}
 *   | {step: "cardinal", seats: number[]}
 *   | {step: "bishop", seat: number, bishop: number, value: number}} PendingStep
 */

/**
 * A finished round and its review.
 * @typedef {object} RoundResult
 * @property {number} round
 * @property {"last_standing" | "showdown" | "game_won"} ending
 * @property {number[]} winners
 * @property {number[]} tokens  gained, per seat
 * @property {{seat: number, reason: string}[]} bonuses
 * @property {string[][]} hands  per seat, at the end
 * @property {string | null} set_aside
 */

/**
 * Everything one seat (or a spectator, seat null) may know.
 * @typedef {object} View
 * @property {"loveletter-view/1"} format
 * @property {string} edition
 * @property {string[]} players
 * @property {Record<string, unknown>} options
 * @property {number} tokens_to_win
 * @property {boolean} guard_names_value
 * @property {Record<string, number>} values  per card id
 * @property {number | null} seat
 * @property {number} round
 * @property {number} turn
 * @property {Phase} phase
 * @property {number | null} active
 * @property {number | null} to_move
 * @property {number[]} tokens
 * @property {number} deck_count
 * @property {boolean} set_aside_taken
 * @property {string[]} face_up
 * @property {ViewSeat[]} seats
 * @property {{owner: number, holder: number} | null} jester
 * @property {number | null} sycophant
 * @property {PendingStep | null} pending
 * @property {string[] | null} hand  null for a spectator
 * @property {string[]} legal_actions  in notation; [] unless this seat decides now
 * @property {Record<string, number>} unseen  per card id
 * @property {Record<string, string>} known_hands  per seat (as a string)
 * @property {GameEvent[]} learned
 * @property {GameEvent[]} events  this round's, as this seat may see them
 * @property {RoundResult[]} results
 * @property {number[]} [winners]  once the game is over
 */

// ------------------------------------------------------------------ events

/** A card the viewer may not know is null. @typedef {string | null} Card */

/** @typedef {{type: "round", number: number, first: number, face_up: string[]}} RoundEvent */
/** @typedef {{type: "deal", seat: number, card: Card}} DealEvent */
/** @typedef {{type: "turn", seat: number, card: Card}} TurnEvent */
/**
 * @typedef {{type: "play", seat: number, action: string, card: string, targets: number[],
 *   guess: string | number | null}} PlayEvent
 */
/** @typedef {{type: "guard", seat: number, target: number, guess: string | number, hit: boolean}} GuardEvent */
/** @typedef {{type: "assassin", seat: number, guard: number}} AssassinEvent */
/** @typedef {{type: "look", seat: number, target: number, card: Card}} LookEvent */
/**
 * @typedef {{type: "compare", seat: number, target: number, seat_card: Card,
 *   target_card: Card, loser: number | null}} CompareEvent
 */
/**
 * @typedef {{type: "trade", seat: number, first: number, second: number, first_card: Card,
 *   second_card: Card}} TradeEvent
 */
/** @typedef {{type: "discard", seat: number, card: string, cause: string}} DiscardEvent */
/** @typedef {{type: "draw", seat: number, card: Card, set_aside: boolean}} DrawEvent */
/** @typedef {{type: "out", seat: number, cards: string[]}} OutEvent */
/**
 * @typedef {{type: "chancellor_draw" | "chancellor_return", seat: number,
 *   cards: string[] | null, count: number}} ChancellorEvent
 */
/** @typedef {{type: "bishop", seat: number, target: number, value: number, hit: boolean}} BishopEvent */
/** @typedef {{type: "reply", seat: number, discard: boolean}} ReplyEvent */
/** @typedef {{type: "token", seat: number, reason: string}} TokenEvent */
/** @typedef {{type: "showdown", hands: {seat: number, card: string}[]}} ShowdownEvent */
/** @typedef {{type: "round_end", ending: string, winners: number[]}} RoundEndEvent */
/** @typedef {{type: "game_end", winners: number[]}} GameEndEvent */

/**
 * What happened, as the viewer may see it.
 * @typedef {RoundEvent | DealEvent | TurnEvent | PlayEvent | GuardEvent | AssassinEvent
 *   | LookEvent | CompareEvent | TradeEvent | DiscardEvent | DrawEvent | OutEvent
 *   | ChancellorEvent | BishopEvent | ReplyEvent | TokenEvent | ShowdownEvent
 *   | RoundEndEvent | GameEndEvent} GameEvent
 */

// ------------------------------------------------------------------ messages

/**
 * The table as this connection may see it, after every change.
 * @typedef {object} StateMessage
 * @property {"state"} type
 * @property {number} version
 * @property {TableInfo} table
 * @property {{seat: number | null}} you  null: a spectator
 * @property {Position | null} position  null in the lobby
 * @property {number} server_time  the server's clock when it sent this (seconds)
 * @property {View | null} view  null in the lobby
 * @property {string[]} log  the lines this connection was not told yet
 * @property {boolean} log_reset  the lines start at the round's beginning
 * @property {{round: number, lines: string[]}[]} [earlier]  the finished rounds' logs,
 *   when this connection starts the game's log over (a new connection, a language)
 * @property {string} [record]  the record's path, once the game is over
 */

/**
 * A refusal: the message it answers (`ref`, its id) changed nothing.
 * @typedef {object} ErrorMessage
 * @property {"error"} type
 * @property {string} code
 * @property {string} message  in the connection's language
 * @property {string | number} [ref]
 */

/**
 * The answer to a ping.
 * @typedef {object} PongMessage
 * @property {"pong"} type
 * @property {string | number | null} ref
 */

/** The chat's quick reactions. @typedef {"applause" | "laugh" | "wow" | "thanks" | "oops"} Reaction */

/**
 * A line of the table's chat: a text or a reaction, from a seat or a spectator.
 * @typedef {object} ChatMessage
 * @property {"chat"} type
 * @property {number | null} seat  null: a spectator
 * @property {string | null} name
 * @property {string | null} text
 * @property {Reaction | null} reaction
 * @property {number} at  server time, seconds
 */

/**
 * The chat's latest lines, told to a new connection.
 * @typedef {object} ChatHistoryMessage
 * @property {"chat_history"} type
 * @property {ChatMessage[]} lines
 */

/**
 * The expert's advice for this seat, answering a "hint" message (`ref`, its id).
 * @typedef {object} HintMessage
 * @property {"hint"} type
 * @property {string} action  in notation
 * @property {string} reason  in the connection's language
 * @property {string | number | null} ref
 */

/**
 * @typedef {StateMessage | ErrorMessage | PongMessage | ChatMessage | ChatHistoryMessage
 *   | HintMessage} ServerMessage
 */

// ------------------------------------------------------------------ HTTP answers

/**
 * A new table (POST /api/tables).
 * @typedef {object} TableCreated
 * @property {string} table
 * @property {string} host_token  the host's secret
 * @property {string} invite_url
 * @property {string} ws_url
 */

/**
 * A seat taken (POST /api/tables/{id}/join).
 * @typedef {object} Joined
 * @property {string} table
 * @property {number} seat
 * @property {string} token  the seat's secret: kept to reconnect
 */

/**
 * The seat that is now the signed-in account's (POST /api/tables/{id}/claim).
 * @typedef {object} Claimed
 * @property {string} table
 * @property {number} seat
 */

/**
 * A rating in a family of editions: its ordinal (mu - 3 sigma) ranks it.
 * @typedef {object} RatingInfo
 * @property {string} family
 * @property {number} ordinal
 * @property {number} mu
 * @property {number} sigma
 * @property {number} games
 */

/**
 * A player's profile (GET /api/players/{id}).
 * @typedef {object} Profile
 * @property {string} id
 * @property {string} name
 * @property {number} since
 * @property {{edition: string, games: number, wins: number, rounds_won: number}[]} editions
 * @property {RatingInfo[]} ratings
 * @property {{family: string, finished_at: number, rating: number}[]} history
 * @property {{card: string, won: number, out: number}[]} cards
 * @property {{mu: number, sigma: number}} fixed_rating  what a guest or a bot counts as
 */

/**
 * One finished game of a player (GET /api/players/{id}/games).
 * @typedef {object} PlayerGame
 * @property {string} table
 * @property {number} game
 * @property {number} seat
 * @property {string} edition
 * @property {string} family
 * @property {number} players
 * @property {number} finished_at
 * @property {boolean} won
 * @property {number} tokens
 * @property {number} rounds_won
 * @property {number} rank
 * @property {number | null} rating_before
 * @property {number | null} rating_after
 * @property {string} replay
 * @property {string} record
 */

/**
 * A family's leaderboard (GET /api/leaderboard/{family}).
 * @typedef {object} Leaderboard
 * @property {string} family
 * @property {number} min_games
 * @property {({place: number, id: string, name: string} & RatingInfo)[]} players
 */

/**
 * A signed-in player's rating around a finished game (GET …/games/{n}/ratings).
 * @typedef {object} RatingChange
 * @property {number} seat
 * @property {number | null} rating_before
 * @property {number | null} rating_after
 */

/**
 * Who is signed in (GET /api/session): the account, or null.
 * @typedef {object} SessionInfo
 * @property {AccountInfo | null} account
 */

/**
 * The signed-in account (GET /api/account, and signing up or in).
 * @typedef {object} AccountInfo
 * @property {string} id
 * @property {string} name
 * @property {string} csrf  the token its changing requests carry (X-CSRF-Token)
 * @property {string | null} email  its address, shown to itself only
 * @property {boolean} email_verified
 * @property {boolean} mail  whether this server sends mail at all
 * @property {boolean} turn_mail  mailed when its turn comes at a turn-based table
 */

/**
 * A public table waiting for players (GET /api/lobby).
 * @typedef {object} LobbyTable
 * @property {string} id
 * @property {string} edition
 * @property {number} players  its seats
 * @property {number} free  its open seats
 * @property {number} turn_timer  seconds a move (0: no timer)
 * @property {Lang} lang  the table's language
 * @property {number} created_at  server time, seconds
 * @property {LobbyHost | null} host  null until the host sits
 * @property {string[]} seated  the names of the players seated
 */

/**
 * A lobby table's host: a guest's name, or an account's with its rating in the
 * edition's family (null: not rated yet).
 * @typedef {object} LobbyHost
 * @property {string} name
 * @property {string | null} account
 * @property {number | null} rating
 */

/**
 * A page of the lobby, newest tables first (GET /api/lobby).
 * @typedef {object} LobbyInfo
 * @property {number} total  public tables waiting, all pages together
 * @property {LobbyTable[]} tables
 */

/**
 * A seat found by quick match (POST /api/quickmatch): at an open public table, or at
 * a new one this player hosts (`created`, with its host token).
 * @typedef {object} Matched
 * @property {string} table
 * @property {number} seat
 * @property {string} token  the seat's secret
 * @property {string | null} host_token
 * @property {boolean} created
 */

/**
 * One of the signed-in player's unfinished games (GET /api/account/games).
 * @typedef {object} AccountTable
 * @property {string} table
 * @property {string} edition
 * @property {"lobby" | "playing" | "finished"} status  (a finished game is not listed)
 * @property {number} seat
 * @property {boolean} your_turn
 * @property {number | null} deadline  server time, when the move under way is due
 * @property {number} turn_timer
 * @property {string[]} players
 * @property {number} updated_at  server time
 */

/**
 * The signed-in player's unfinished games, their turn first (GET /api/account/games).
 * @typedef {object} AccountTables
 * @property {number} server_time
 * @property {AccountTable[]} games
 */

/**
 * Where invitation links point (GET /api/links).
 * @typedef {object} LinksInfo
 * @property {string | null} base  null: the address the browser used
 * @property {boolean} local_only  the server listens on this computer only
 * @property {string} listen  the address it listens on
 */

/**
 * A lesson in the list (GET /api/lessons).
 * @typedef {object} LessonSummary
 * @property {string} id
 * @property {string} title
 * @property {string} edition
 * @property {string | null} offered_for  the edition whose tables offer it the first time
 */

/**
 * One step of a lesson, in the page's language.
 * @typedef {object} LessonStepInfo
 * @property {string} id
 * @property {string} kind  "deal", "info", "bot" (Next goes on) or "you" (a move is due)
 * @property {string} focus  the part of the table it talks of
 * @property {string} text
 * @property {string[]} introduces  the cards it presents
 */

/**
 * The real game offered after a lesson.
 * @typedef {object} LessonThen
 * @property {string} edition
 * @property {number} players
 */

/**
 * A lesson's steps and texts (GET /api/lessons/{id}).
 * @typedef {object} LessonInfo
 * @property {string} id
 * @property {string} title
 * @property {string} edition
 * @property {number} players
 * @property {number} learner  the learner's seat
 * @property {LessonThen} then
 * @property {LessonStepInfo[]} steps
 */

/**
 * A lesson at a step (POST /api/lessons/{id}/play): the learner's moves, the table
 * from their seat, and after a move whether it was the step's, else why it matters.
 * @typedef {object} LessonState
 * @property {number} step
 * @property {string[]} moves
 * @property {View} view
 * @property {boolean} ok
 * @property {string} why
 */

/**
 * A refused request's reason (the `error` of an HTTP error's body).
 * @typedef {object} ErrorBody
 * @property {string} code
 * @property {string} message
 */

/**
 * A trained policy a server offers as a bot level, and the table it fits.
 * @typedef {object} PolicyLevelInfo
 * @property {string} name
 * @property {string} edition
 * @property {number} players
 */

/**
 * The bot levels a server offers (GET /api/levels).
 * @typedef {object} LevelsInfo
 * @property {string[]} builtin
 * @property {PolicyLevelInfo[]} policies
 */

/**
 * A spectator's view in a replay: without what no replay step holds.
 * @typedef {Omit<View, "events" | "learned" | "legal_actions" | "known_hands" | "hand">} ReplayView
 */

/**
 * One step of a replay: a deal (`action` null) or one decision.
 * @typedef {object} ReplayStep
 * @property {number} round
 * @property {string | null} action
 * @property {number | null} seat  who decided
 * @property {string[]} log  the step's lines
 * @property {ReplayView} view  its "results" only the review of the step's own round
 * @property {string[][]} hands  every hand, face up
 * @property {string | null} set_aside
 */

/**
 * A finished game, step by step (GET /api/tables/{id}/games/{n}/replay).
 * @typedef {object} Replay
 * @property {string} edition
 * @property {string[]} players
 * @property {number[]} winners
 * @property {ReplayStep[]} steps
 * @property {string} [table]
 * @property {number} [game]
 */

// ------------------------------------------------------------------ the catalogue

/**
 * One card of a deck (GET /api/editions): its words in one language and how it is
 * played, which is all the page knows of a card.
 * @typedef {object} CardInfo
 * @property {string} id
 * @property {number} value
 * @property {number} count  copies in the deck
 * @property {string} name
 * @property {string} phrase  the name with its article, as a sentence says it
 * @property {string} effect
 * @property {string} chooses  whom it chooses: nobody, other, any, others, two
 * @property {number[]} seats  how many seats an action of it may name ([] : none)
 * @property {"card" | "value" | null} names  what its action names after the seat
 * @property {"chancellor" | "cardinal" | "bishop" | null} step  the second step it asks for
 */

/**
 * The ordinary playing cards that stand for one card.
 * @typedef {object} PlayingCard
 * @property {string} card
 * @property {string} cards
 * @property {boolean} given  by the sources (else completed as in the Premium deck)
 */

/**
 * An edition's deck for a range of player counts.
 * @typedef {object} DeckInfo
 * @property {number[]} players  the lowest and the highest count
 * @property {boolean} guard_names_value
 * @property {CardInfo[]} cards
 * @property {PlayingCard[]} playing_cards
 */

/**
 * An edition (GET /api/editions).
 * @typedef {object} EditionInfo
 * @property {string} id
 * @property {string} name
 * @property {number[]} players  the lowest and the highest count
 * @property {Record<string, number>} tokens_to_win  by player count
 * @property {DeckInfo[]} decks
 */

export {};
