// @ts-check
// A table's page state: everything drawn from the server's messages, the player's own
// steps and what the page shows (open panels, drafts, the dialog), as plain data
// changed by one pure function, reduce(state, event), the reducer of the page's store
// (store.js). No DOM, no WebSocket, no timers, no storage: table.js feeds it and
// draws it.

import { byWord, nextStep, stepWord } from "./actions.js";
import { lastPlayIndex, privateResults, stillTrue } from "./moves.js";

/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./protocol.js").ErrorMessage} ErrorMessage */
/** @typedef {import("./protocol.js").ChatMessage} ChatMessage */
/** @typedef {import("./protocol.js").HintMessage} HintMessage */
/** @typedef {import("./protocol.js").LinksInfo} LinksInfo */
/** @typedef {import("./protocol.js").RatingChange} RatingChange */
/** @typedef {import("./protocol.js").Lang} Lang */
/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./storage.js").SeatToken} SeatToken */
/** @typedef {import("./protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("./protocol.js").Position} Position */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./actions.js").ParsedAction} ParsedAction */

/** @typedef {"connecting" | "open" | "lost"} Status */
/** @typedef {"log" | "cards" | "notes"} Tab */
/** The folding panels of a table's page. @typedef {"host-tools" | "watch-tools" | "chat"} Panel */

/** How many chat lines the page keeps. */
const CHAT_LINES = 100;

/**
 * The decision under way: the card chosen (`word`), the arguments picked after it,
 * and the seats chosen for a card that takes a set of them (Baroness, Cardinal).
 * @typedef {object} Choice
 * @property {string | null} word
 * @property {string[]} picks
 * @property {number[]} seats
 */

/**
 * A round's log, as the server told it.
 * @typedef {object} LogRound
 * @property {number} round
 * @property {string[]} lines
 */

/**
 * Something this seat was shown privately, and in which turn of its round.
 * @typedef {object} Note
 * @property {number} turn
 * @property {GameEvent} event
 */

/** Notes by round number. @typedef {Record<string, Note[]>} Notes */

/**
 * @typedef {object} TableState
 * @property {StateMessage | null} message  the latest state from the server
 * @property {View | null} previous  the view of the state before it, in the same game
 *   (what came since is new: a card drawn, a card played, a player out)
 * @property {Status} status  the WebSocket's
 * @property {LogRound[]} log  this game's, round by round
 * @property {Notes} notes  this game's
 * @property {number | null} reviewed  how many round results were shown (or were
 *   already past on arrival); null until the game's first view
 * @property {boolean} summary  whether the dialog of the latest round's result is open
 * @property {Choice} choice
 * @property {string} choiceKey  the legal actions and position the choice belongs to
 * @property {{id: number, position: string} | null} pending  an action sent and not
 *   answered yet: its id and the position it was sent at
 * @property {Tab} tab  the side panel shown
 * @property {Record<Panel, boolean>} open  which folding panels are open
 * @property {{code: string, message: string} | null} joinError  why taking a seat failed
 * @property {string} joinName  the name typed to take a seat
 * @property {{round: number, count: number} | null} seen  the round's events already
 *   drawn (what came after them is new: it flashes, private results open)
 * @property {Overlay[]} overlays  private results shown until dismissed, oldest first
 * @property {string | null} flash  the key of the last play while its outcome shows
 * @property {{lines: ChatMessage[], draft: string}} chat  the chat's latest lines and
 *   the line being typed
 * @property {Hint} hint
 * @property {Lang} lang  the page's
 * @property {{key: string, deck: Deck} | null} deck  the cards' words, for the
 *   edition, player count and language of the key
 * @property {LinksInfo | null} links  where invitation links point
 * @property {{game: number, changes: RatingChange[]} | null} ratings  the signed-in
 *   players' ratings around the last finished game (no changes while they are asked)
 * @property {SeatToken | null} seat  this device's seat at the table and its secret
 * @property {string | null} hostToken  the host's secret, kept by the device that
 *   created the table
 * @property {boolean} sound  whether a sound tells that it is this seat's turn
 * @property {number} clockOffset  the server's clock minus the page's, in seconds
 * @property {boolean} narrow  whether the screen is too narrow for the side column
 * @property {string | null} notice  what ends the page (an unknown table)
 */

/**
 * The expert's hint: the request under way and the last answer, each for a version
 * of the table (a hint is dropped once the table moves on).
 * @typedef {object} Hint
 * @property {{id: number, version: number} | null} asked
 * @property {{text: string, version: number} | null} shown
 */

/**
 * What the device knows when the page opens.
 * @typedef {object} Device
 * @property {Lang} [lang]
 * @property {SeatToken | null} [seat]
 * @property {string | null} [hostToken]
 * @property {string} [name]
 * @property {boolean} [sound]
 * @property {boolean} [narrow]
 */

/**
 * A private result this seat was shown, until dismissed.
 * @typedef {object} Overlay
 * @property {string} key  round and event index, unique in the game
 * @property {GameEvent} event
 */

/**
 * The page's own events, beside the server's messages.
 * @typedef {{type: "status", status: Status}
 *   | {type: "sent", id: number}
 *   | {type: "select_card", card: string}
 *   | {type: "pick", arg: string}
 *   | {type: "toggle_seat", seat: number}
 *   | {type: "back"}
 *   | {type: "tab", tab: Tab}
 *   | {type: "panel", panel: Panel, open: boolean}
 *   | {type: "summary", open: boolean}
 *   | {type: "remembered", notes: Notes}
 *   | {type: "join_name", name: string}
 *   | {type: "join_failed", code: string, message: string}
 *   | {type: "joined", seat: SeatToken}
 *   | {type: "forgotten"}
 *   | {type: "dismiss", key: string}
 *   | {type: "flash_over", key: string}
 *   | {type: "chat_draft", text: string}
 *   | {type: "hint_asked", id: number, version: number}
 *   | {type: "lang", lang: Lang}
 *   | {type: "deck", key: string, deck: Deck}
 *   | {type: "links", links: LinksInfo | null}
 *   | {type: "ratings", game: number, changes: RatingChange[]}
 *   | {type: "sound", on: boolean}
 *   | {type: "clock", offset: number}
 *   | {type: "narrow", narrow: boolean}
 *   | {type: "notice", text: string}} PageEvent
 */

/** @typedef {ServerMessage | PageEvent} TableEvent */

/** @returns {Choice} */
export function noChoice() {
  return { word: null, picks: [], seats: [] };
}

/**
 * The state of a page that opens, with what the device remembers.
 * @param {Device} [device]
 * @returns {TableState}
 */
export function initialState(device = {}) {
  return {
    message: null,
    previous: null,
    status: "connecting",
    log: [],
    notes: {},
    reviewed: null,
    summary: false,
    choice: noChoice(),
    choiceKey: "",
    pending: null,
    tab: "log",
    open: { "host-tools": false, "watch-tools": false, chat: true },
    joinError: null,
    joinName: device.name ?? "",
    seen: null,
    overlays: [],
    flash: null,
    chat: { lines: [], draft: "" },
    hint: { asked: null, shown: null },
    lang: device.lang ?? "en",
    deck: null,
    links: null,
    ratings: null,
    seat: device.seat ?? null,
    hostToken: device.hostToken ?? null,
    sound: device.sound ?? false,
    clockOffset: 0,
    narrow: device.narrow ?? false,
    notice: null,
  };
}

/**
 * The state after `event`; `state` itself when the event changes nothing. Never
 * changes its arguments.
 * @param {TableState} state
 * @param {TableEvent} event
 * @returns {TableState}
 */
export function reduce(state, event) {
  switch (event.type) {
    case "state":
      return received(state, event);
    case "error":
      return refused(state, event);
    case "chat":
      return { ...state, chat: { ...state.chat, lines: [...state.chat.lines, event].slice(-CHAT_LINES) } };
    case "chat_history":
      // Told on every connection: the lines this page has already are the same ones.
      return state.chat.lines.length ? state : { ...state, chat: { ...state.chat, lines: event.lines.slice(-CHAT_LINES) } };
    case "hint":
      return hinted(state, event);
    case "status":
      if (event.status === state.status) return state;
      // A lost connection loses what was being sent: the decision starts over on return.
      if (event.status === "lost" && state.pending) return { ...state, status: event.status, pending: null, choice: noChoice() };
      return { ...state, status: event.status };
    case "sent":
      return state.message ? { ...state, pending: { id: event.id, position: positionKey(state.message.position) } } : state;
    case "select_card":
      // A second click on the chosen card puts it back.
      return { ...state, choice: { ...noChoice(), word: state.choice.word === event.card ? null : event.card } };
    case "pick":
      return { ...state, choice: { ...state.choice, picks: picked(state, event.arg) } };
    case "toggle_seat": {
      const seats = state.choice.seats;
      const next = seats.includes(event.seat) ? seats.filter((s) => s !== event.seat) : [...seats, event.seat];
      return { ...state, choice: { ...state.choice, seats: next } };
    }
    case "back":
      return { ...state, choice: back(state.choice) };
    case "tab":
      return event.tab === state.tab ? state : { ...state, tab: event.tab };
    case "panel":
      return state.open[event.panel] === event.open ? state : { ...state, open: { ...state.open, [event.panel]: event.open } };
    case "summary":
      return event.open === state.summary ? state : { ...state, summary: event.open };
    case "remembered":
      // Past rounds from the device's memory; the rounds of the view stay as they are.
      return { ...state, notes: { ...event.notes, ...state.notes } };
    case "join_name":
      return { ...state, joinName: event.name };
    case "join_failed":
      return { ...state, joinError: { code: event.code, message: event.message } };
    case "joined":
      return { ...state, joinError: null, seat: event.seat };
    case "forgotten":
      return { ...state, seat: null };
    case "dismiss":
      return { ...state, overlays: state.overlays.filter((overlay) => overlay.key !== event.key) };
    case "flash_over":
      return state.flash === event.key ? { ...state, flash: null } : state;
    case "chat_draft":
      return event.text === state.chat.draft ? state : { ...state, chat: { ...state.chat, draft: event.text } };
    case "hint_asked":
      return { ...state, hint: { ...state.hint, asked: { id: event.id, version: event.version } } };
    case "lang":
      return event.lang === state.lang ? state : { ...state, lang: event.lang };
    case "deck":
      return state.deck && state.deck.key === event.key ? state : { ...state, deck: { key: event.key, deck: event.deck } };
    case "links":
      return { ...state, links: event.links };
    case "ratings":
      return { ...state, ratings: { game: event.game, changes: event.changes } };
    case "sound":
      return event.on === state.sound ? state : { ...state, sound: event.on };
    case "clock":
      return event.offset === state.clockOffset ? state : { ...state, clockOffset: event.offset };
    case "narrow":
      return event.narrow === state.narrow ? state : { ...state, narrow: event.narrow };
    case "notice":
      return { ...state, notice: event.text };
    default:
      // A pong, or a message this page does not know: nothing to draw.
      return state;
  }
}

/**
 * @param {TableState} state
 * @param {StateMessage} message
 * @returns {TableState}
 */
function received(state, message) {
  const sameGame = gameOf(state) === message.table.game;
  const next = { ...state, message, previous: sameGame && state.message ? state.message.view : null };
  if (!sameGame) {
    Object.assign(next, { log: [], notes: {}, reviewed: null, summary: false, seen: null, overlays: [], flash: null });
  }
  if (message.earlier) next.log = withEarlier(next.log, message.earlier);
  if (message.position) next.log = withLines(next.log, message.position.round, message);
  const view = message.view;
  if (view) Object.assign(next, news(next, view, message.you.seat));
  if (view && next.reviewed === null) {
    // Past rounds' summaries are not shown again on arrival; the one just over is.
    next.reviewed = view.results.length - (isOver(view) ? 1 : 0);
  }
  if (view && isOver(view) && next.reviewed !== null && view.results.length > next.reviewed) {
    next.reviewed = view.results.length;
    next.summary = true;
  }
  // The summary is for the pause between rounds: when this seat's turn comes it closes
  // itself, so that no turn (and no turn's clock) runs behind it. The log keeps the
  // round's end.
  if (view && next.summary && view.legal_actions.length && !isOver(view)) next.summary = false;
  const position = positionKey(message.position);
  if (next.pending && position !== next.pending.position) next.pending = null;
  const key = view ? `${view.legal_actions.join("|")}@${position}` : "";
  if (key !== next.choiceKey) {
    next.choice = noChoice();
    next.choiceKey = key;
  }
  const seat = message.you.seat;
  if (view && seat !== null) next.notes = { ...next.notes, [view.round]: roundNotes(view, seat) };
  return next;
}

/**
 * The log with a state's lines: a new round, lines that start the round over (a
 * new connection, another language), or lines that follow.
 * @param {LogRound[]} log
 * @param {number} round
 * @param {StateMessage} message
 * @returns {LogRound[]}
 */
function withLines(log, round, message) {
  const entry = log.find((item) => item.round === round);
  if (!entry) return [...log, { round, lines: [...message.log] }];
  if (!message.log_reset && !message.log.length) return log;
  const lines = message.log_reset ? [...message.log] : [...entry.lines, ...message.log];
  return log.map((item) => (item === entry ? { round, lines } : item));
}

/**
 * The log with the finished rounds a server sent again (a new connection, another
 * language), in place of what was there, and the rounds after them.
 * @param {LogRound[]} log
 * @param {LogRound[]} earlier
 * @returns {LogRound[]}
 */
function withEarlier(log, earlier) {
  const rounds = new Set(earlier.map((entry) => entry.round));
  const kept = log.filter((entry) => !rounds.has(entry.round));
  return [...earlier.map((entry) => ({ round: entry.round, lines: [...entry.lines] })), ...kept].sort((a, b) => a.round - b.round);
}

/**
 * What a view brings that was not drawn yet: its last play flashes and its private
 * results for this seat open, unless it is the first view of the game on this page
 * (a reload: what happened before is in the log and the notes, not shown again).
 * @param {TableState} state  with the message already in
 * @param {View} view
 * @param {number | null} me
 * @returns {Pick<TableState, "seen" | "overlays" | "flash">}
 */
function news(state, view, me) {
  const seen = { round: view.round, count: view.events.length };
  // What the private results tell must still be so: a hand they show changed, a
  // Chancellor's choice made, they go.
  const current = me === null ? [] : state.overlays.filter((overlay) => stillTrue(overlay.event, view, me));
  const kept = current.length === state.overlays.length ? state.overlays : current;
  if (state.seen === null) return { seen, overlays: kept, flash: state.flash };
  const from = state.seen.round === view.round ? Math.min(state.seen.count, view.events.length) : 0;
  if (from === view.events.length) return { seen, overlays: kept, flash: state.flash };
  const play = lastPlayIndex(view);
  const flash = play >= 0 && play >= from ? `${view.round}:${play}` : state.flash;
  // A new round closes what the round before showed (its summary tells the end).
  let overlays = from ? kept : kept.filter((overlay) => overlay.key.startsWith(`${view.round}:`));
  if (me !== null) {
    const fresh = privateResults(view, me, from)
      .filter((event) => stillTrue(event, view, me))
      .map((event) => ({ key: `${view.round}:${view.events.indexOf(event)}`, event }));
    if (fresh.length) overlays = [...overlays, ...fresh];
  }
  return { seen, overlays, flash };
}

/**
 * @param {TableState} state
 * @param {ErrorMessage} error
 * @returns {TableState}
 */
function refused(state, error) {
  let next = state;
  if (state.pending && error.ref === state.pending.id) next = { ...next, pending: null };
  if (state.hint.asked && error.ref === state.hint.asked.id) next = { ...next, hint: { ...state.hint, asked: null } };
  return next;
}

/**
 * The expert's answer to this page's request.
 * @param {TableState} state
 * @param {HintMessage} message
 * @returns {TableState}
 */
function hinted(state, message) {
  const asked = state.hint.asked;
  if (!asked || message.ref !== asked.id) return state;
  return { ...state, hint: { asked: null, shown: { text: message.reason, version: asked.version } } };
}

/**
 * The picks after `arg`. The order of the cards left under the deck asks no question
 * when only one order is possible.
 * @param {TableState} state
 * @param {string} arg
 * @returns {string[]}
 */
function picked(state, arg) {
  const view = state.message && state.message.view;
  return view ? pickedIn(view, state.choice, arg) : [...state.choice.picks, arg];
}

/**
 * The picks after `arg` is picked among the legal actions of `view` (a lesson's page
 * chooses the same way): the Chancellor's last card to put back is picked with it.
 * @param {View} view
 * @param {Choice} choice
 * @param {string} arg
 * @returns {string[]}
 */
export function pickedIn(view, choice, arg) {
  const word = stepWord(view.phase, choice.word);
  const actions = (word && byWord(view.legal_actions).get(word)) || [];
  const picks = [...choice.picks, arg];
  let step = nextStep(actions, picks);
  while (word === "keep" && step.options && step.options.length === 1) {
    picks.push(step.options[0]);
    step = nextStep(actions, picks);
  }
  return picks;
}

/**
 * The action a choice names completely among the legal actions of `view`, if any.
 * @param {View} view
 * @param {Choice} choice
 * @returns {string | null}
 */
export function chosenIn(view, choice) {
  const word = stepWord(view.phase, choice.word);
  const actions = (word && byWord(view.legal_actions).get(word)) || [];
  return actions.length ? nextStep(actions, choice.picks).done || null : null;
}

/**
 * One step back: the last pick, else the seats chosen, else the card.
 * @param {Choice} choice
 * @returns {Choice}
 */
export function back(choice) {
  if (choice.picks.length) return { ...choice, picks: choice.picks.slice(0, -1) };
  if (choice.seats.length) return { ...choice, seats: [] };
  return noChoice();
}

/**
 * The word of the actions the choice is among: the card chosen, or the step under
 * way (the Chancellor's keep, the Cardinal's look).
 * @param {TableState} state
 * @returns {string | null}
 */
export function choiceWord(state) {
  const view = state.message && state.message.view;
  return view ? stepWord(view.phase, state.choice.word) : state.choice.word;
}

/**
 * @param {TableState} state
 * @returns {ParsedAction[]}
 */
function choiceActions(state) {
  const view = state.message && state.message.view;
  const word = choiceWord(state);
  return (view && word && byWord(view.legal_actions).get(word)) || [];
}

/**
 * The action the picks name completely, if any (it is sent at once).
 * @param {TableState} state
 * @returns {string | null}
 */
export function chosenAction(state) {
  const actions = choiceActions(state);
  if (!actions.length) return null;
  return nextStep(actions, state.choice.picks).done || null;
}

/**
 * The game the state is about (0 in the lobby), null before any state.
 * @param {TableState} state
 * @returns {number | null}
 */
export function gameOf(state) {
  return state.message ? state.message.table.game : null;
}

/**
 * Whether this seat must decide now and has not sent its decision yet.
 * @param {TableState} state
 * @returns {boolean}
 */
export function myTurn(state) {
  const view = state.message && state.message.view;
  return Boolean(view && view.legal_actions.length && !state.pending);
}

/**
 * @param {View} view
 * @returns {boolean}
 */
export function isOver(view) {
  return view.phase === "round_over" || view.phase === "game_over";
}

/**
 * @param {Position | null} position
 * @returns {string}
 */
function positionKey(position) {
  return JSON.stringify(position);
}

/**
 * What this seat was shown during the view's round, with the turn of each: the
 * round's events as the seat saw them that hold a card (those of view.learned).
 * @param {View} view
 * @param {number} me
 * @returns {Note[]}
 */
export function roundNotes(view, me) {
  /** @type {Note[]} */
  const notes = [];
  let turn = 0;
  for (const event of view.events) {
    if (event.type === "turn") turn += 1;
    if (shows(event, me)) notes.push({ turn: Math.max(turn, 1), event });
  }
  return notes;
}

/**
 * @param {GameEvent} event
 * @param {number} me
 * @returns {boolean}
 */
function shows(event, me) {
  switch (event.type) {
    case "look":
      return Boolean(event.card) && event.seat === me;
    case "compare":
      return Boolean(event.seat_card);
    case "trade":
      return Boolean(event.first_card);
    case "chancellor_draw":
    case "chancellor_return":
      return Boolean(event.cards && event.cards.length);
    default:
      return false;
  }
}
