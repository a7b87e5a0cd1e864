// @ts-check
// The interface's own words in English and French, in one catalogue. Card names,
// effects, the game log and refusal reasons come from the server, already in the
// chosen language. The page's language is its root element's lang attribute.

/** @typedef {import("./protocol.js").Lang} Lang */
/** A text, or a node (a card chip) put among the words. @typedef {string | Node} Part */

/** @type {Record<Lang, Record<string, string>>} */
export const CATALOGUE = {
  en: {
    skip: "Skip to the game",
    switch_lang: "Français",
    switch_lang_label: "Passer en français",
    tagline: "Get your letter to the princess: a card game of risk and deduction for 2 to 8 players.",
    new_table: "New table",
    your_name: "Your name",
    name_hint: "Shown to the other players; remembered on this device.",
    edition: "Edition",
    players_range: "{min}–{max} players",
    players: "Players",
    seat_n: "Seat {n}",
    you: "You",
    seat_friend: "A friend (invitation link)",
    seat_bot: "Bot: {level}",
    seat_bot_note: "Bot: {level} — {note}",
    level_note_easy: "plays at random",
    level_note_medium: "wins 74% of the rounds against easy",
    level_note_hard: "wins 56% of the rounds against medium",
    level_note_expert: "wins 52% of the rounds against hard",
    level_easy: "easy",
    level_medium: "medium",
    level_hard: "hard",
    level_expert: "expert",
    level_policy: "trained policy “{name}”",
    options: "Table options",
    tokens_to_win: "Tokens to win",
    tokens_default: "edition's rule: {n}",
    tie_rule: "A tie still unbroken at the showdown",
    tie_all: "all tied players win the round",
    tie_nobody: "nobody wins the round",
    face_up: "With 2 players, remove 3 cards face up",
    first_player: "First player",
    first_random: "drawn at random",
    constable_option: "Constable: counts even when it reaches the pile as you are knocked out",
    bishop_option: "Princess beats Bishop at the showdown",
    hints_option: "Allow hints: players may ask what the expert bot would play",
    create: "Create the table",
    creating: "Creating…",
    join_table: "Join a table",
    join_hint: "Paste the invitation link a friend sent you (or its code).",
    link_or_code: "Invitation link or code",
    join: "Join",
    how_to_play: "How a turn goes",
    how_1: "You hold one card. Draw a second one.",
    how_2: "Play one of the two: its effect happens at once.",
    how_3: "Be the last one in the round, or hold the highest card when the deck runs out, to win a token of affection.",
    how_4: "Collect enough tokens to win the game.",
    replay_hint: "Finished games can be replayed move by move from their table.",
    // lobby
    lobby_title: "Table {id}",
    invite: "Invite your friends with this link",
    copy: "Copy the link",
    copied: "Link copied",
    waiting_players: "Waiting for players. Open seats are taken by bots when the game starts.",
    start: "Start the game",
    host_only: "The host starts the game.",
    open_seat: "open seat",
    take_seat: "Take a seat",
    table_full: "This table is full.",
    // game
    round: "Round {n}",
    tokens_goal: "{n} {n|token|tokens} to win",
    spectating: "Watching",
    your_turn: "Your turn",
    your_turn_title: "● Your turn",
    choose_card: "Choose a card to play.",
    your_choice: "Make your choice below.",
    waiting_for: "{name} is playing…",
    waiting_step_chancellor: "{name} is choosing what to keep ({card})…",
    waiting_step_cardinal: "{name} may look at a hand ({card})…",
    waiting_step_bishop: "{name} answers ({card})…",
    round_over: "The round is over.",
    next_round_soon: "The next round is being dealt…",
    game_over: "The game is over.",
    connecting: "Connecting…",
    reconnecting: "Connection lost: reconnecting…",
    sending: "Playing…",
    deck: "Deck",
    deck_count: "{n} in the deck",
    set_aside: "Set aside",
    set_aside_taken: "taken",
    face_up_cards: "Face up",
    hand: "Hand",
    your_hand: "Your hand",
    discards: "Played and discarded",
    no_discards: "nothing yet",
    tokens: "Tokens",
    tokens_of: "{n} of {goal} {goal|token|tokens}",
    badge_you: "you",
    badge_bot: "bot · {level}",
    badge_standin: "a bot plays for them",
    badge_offline: "offline",
    badge_turn: "to play",
    badge_protected: "protected",
    badge_out: "out",
    badge_jester: "holds the {card} token",
    badge_sycophant: "chosen by the {card}",
    known: "You know:",
    hidden_card: "a hidden card",
    hidden_cards: "{n} hidden {n|card|cards}",
    // choosing
    play_this: "Play this card",
    choose_target: "Choose a player",
    name_card: "Name a card (not {card})",
    name_value: "Name a number",
    unseen_one: "{n} unseen",
    unseen_many: "{n} unseen",
    choose_seats_baroness: "Choose one or two players whose hands you see",
    choose_seats_cardinal: "Choose the two players who trade hands (you may choose yourself)",
    choose_seats_others: "Choose one or two other players",
    choose_seats_two: "Choose two players (you may choose yourself)",
    confirm: "Play",
    back: "Back",
    keep_card: "Keep one card",
    keep_hint: "The other cards go under the deck, in the order you choose next.",
    order_card: "Which card goes under the deck first?",
    order_hint: "The other one then goes under it, at the very bottom.",
    look_step: "The hands are traded. Look at one of them?",
    look_none: "Look at neither",
    bishop_step: "{name} named {value}: that is your card's value, and {name} gains a token.",
    reply_discard: "Discard your hand and draw a new card",
    reply_keep: "Keep your card",
    no_target_note: "Nobody can be chosen: this card is played with no effect.",
    countess_note: "{countess} must be played: she cannot stay in your hand beside {other}.",
    blocked_note: "This card cannot be played now.",
    sycophant_note: "The {card} chose {name}: your card must target {name}.",
    princess_note: "Playing this card puts you out of the round.",
    keys_hint: "Keys: digits pick, Enter plays, Esc goes back.",
    not_connected: "Not connected: wait a moment and try again.",
    // side panels
    tab_log: "Log",
    tab_cards: "Cards",
    tab_notes: "Notes",
    log_title: "What happened",
    tracker_title: "Cards still unseen from your seat",
    tracker_card: "Card",
    tracker_left: "Unseen",
    tracker_note: "Not in a discard pile, face up or in your hand.",
    notes_title: "What you saw",
    notes_empty: "Nothing yet: what you are shown privately (a look at a hand, a comparison, a trade, a draw) is noted here.",
    note_turn: "Turn {turn}",
    note_look: "You saw {name}'s card: {card}",
    note_compare: "You compared hands with {name}: you {mine}, them {theirs}",
    note_trade: "You traded hands with {name}: you gave {gave} and got {got}",
    note_chancellor_draw: "You drew {cards}",
    note_chancellor_return: "You put under the deck, in this order: {cards}",
    // round end
    summary_title: "Round {n}",
    summary_won_one: "{names} wins the round",
    summary_won_many: "{names} win the round",
    summary_nobody: "Nobody wins the round",
    summary_cut: "The game ended during the round",
    ending_last_standing: "the last one still in the round",
    ending_showdown: "the highest card when the deck ran out",
    ending_game_won: "a token reached the goal",
    summary_player: "Player",
    summary_hand: "Final hand",
    summary_gained: "Gained",
    summary_total: "Tokens",
    summary_set_aside: "The set-aside card was:",
    summary_out: "out",
    reason_round: "round won",
    reason_twins: "twin princesses",
    continue: "Continue",
    show_results: "Show the results",
    hint_button: "Hint: what would the expert play?",
    hint_waiting: "The expert is thinking…",
    game_end_title: "The game is over",
    game_winner_one: "{names} wins the game!",
    game_winner_many: "{names} win the game!",
    you_won: "You won!",
    standings: "Final tokens",
    rematch: "Rematch",
    rematch_wait: "The host may start a rematch.",
    replay_game: "Replay this game",
    download: "Download the record",
    new_table_link: "New table",
    // replay
    replay_title: "Replay: table {id}, game {n}",
    replay_loading: "Loading the game…",
    replay_step: "Step {n} of {total}",
    replay_first: "First step",
    replay_prev: "Previous step",
    replay_next: "Next step",
    replay_last: "Last step",
    replay_prev_round: "Previous round",
    replay_next_round: "Next round",
    replay_deal: "Round {n} is dealt.",
    replay_keys: "Keys: ← → step, Page Up/Down round, Home/End.",
    replay_unavailable: "This game is not finished: it can be replayed once it is over.",
    review: "Every hand is shown: the game is over.",
    // errors
    error: "Something went wrong: {message}",
    unknown_table: "There is no such table.",
    err_bad_token: "Your seat at this table is not known on this device: you are watching.",
    err_not_your_turn: "It is not your turn.",
    err_name_taken: "That name is taken at this table: choose another one.",
    table_not_found: "No table found for this link or code.",
    // time, invitations, the host, rules, chat
    time_title: "Time",
    turn_timer: "Turn timer",
    timer_off: "off",
    timer_seconds: "{n} s",
    timer_minutes: "{n} min",
    disconnect_timeout: "A bot stands in for a player gone longer than",
    standin_level: "Bots' level (open seats, stand-ins)",
    lobby_timer: "Turn timer: {time}. When it runs out, a bot plays that decision.",
    lobby_no_timer: "No turn timer.",
    lobby_disconnect: "A bot stands in for a player gone longer than {time}.",
    clock_left: "{time} left",
    clock_aria: "Time left to decide",
    offline_left: "{name} is offline: a bot stands in for them in {time}.",
    offline_now: "{name} is offline: a bot plays for them.",
    away_you: "Your time ran out three times in a row: a bot plays for you.",
    away_back: "I'm back",
    badge_away: "away",
    host_badge: "host",
    spectator_link: "Spectators can watch with this link",
    link_local: "This link works only on this computer: the server listens on {address}. To play with friends on other machines, restart it with loveletter serve --host 0.0.0.0.",
    game_started_watch: "This game has already started: you are watching it.",
    rules_link: "Rules",
    name_blank: "Enter a name (not only spaces).",
    err_invalid: "The server refused this request.",
    err_invalid_message: "The server refused this request.",
    err_rate_limited: "Too many tables created from your address: try again in a moment.",
    err_table_full: "Every seat of this table is taken.",
    err_not_in_lobby: "The game has started: seats can no longer be taken.",
    err_seat_taken: "That seat is taken.",
    err_no_such_seat: "This table has no such seat.",
    err_server_error: "The server could not do this now: try again.",
    err_not_found: "Not found.",
    err_bad_request: "The server refused this request.",
    err_too_large: "This request is too large.",
    err_busy: "The table is busy: try again.",
    err_not_host: "Only the host may do this.",
    err_already_started: "The game has already started.",
    err_not_finished: "This game is not finished yet.",
    err_unknown_game: "This table has no such game.",
    host_tools: "Host's controls",
    host_remove: "Remove",
    host_hand: "Make host",
    host_confirm_remove: "Remove {name} from the table? Their seat opens again (a bot takes it once the game has started).",
    host_confirm_hand: "Make {name} the host of this table?",
    host_gone_start: "The host is away: any player may start.",
    err_removed: "The host removed you from this table: you are watching.",
    err_no_player: "No player holds that seat.",
    err_host_seat: "That is the host's seat.",
    rules_title: "Rules of Love Letter",
    rules_intro: "The whole rules of the chosen edition, then its cards, then how to play it with an ordinary deck of playing cards.",
    rules_print: "Print",
    rules_goal_h: "Goal",
    rules_goal: "Each round, be the last player still in the round, or hold the highest card when the deck runs out: you win a token of affection. The first to collect enough tokens wins the game; several players can win together.",
    rules_setup_h: "Setting up a round",
    rules_setup: "Shuffle the deck. Remove its top card face down, unseen by anyone. Deal one card to each player; the rest is the deck.",
    rules_setup_two: "With exactly 2 players, also remove 3 cards face up: everyone sees them, and they are out of play for the round.",
    rules_first: "The first player of round 1 is drawn at random (or chosen at the table's creation); later, the winner of the previous round starts (one of them at random after a tie).",
    rules_turn_h: "A turn",
    rules_turn: "Draw the top card of the deck, then play one of your two cards face up in front of you and do what it says. An effect is not optional: if the card can choose someone, it must. Turns go clockwise, skipping the players who are out.",
    rules_piles: "Discard piles are public and stay in order: everyone may see which cards were played.",
    rules_out_h: "Out of the round",
    rules_out: "A player knocked out puts their hand face up on their discard pile without its effect, can no longer be chosen, and skips their turns until the round ends.",
    rules_choose_h: "Choosing players",
    rules_choose_1: "A card can choose only players still in the round and not protected by a Handmaid.",
    rules_choose_2: "If a card must choose another player and nobody can be chosen, it is played without effect.",
    rules_choose_3: "If a card may choose anyone, as the Prince does, and every other player is protected, it chooses its own player.",
    rules_end_h: "End of the round",
    rules_end: "The round ends at once when only one player is left in it (that player wins), or at the end of a turn when the deck is empty: everyone still in the round shows their hand, and the highest card wins.",
    rules_tie_sum: "A tie at the showdown: the tied players add up the values of their discard piles, and the highest total wins; players still tied all win.",
    rules_tie_all: "A tie at the showdown: every tied player wins the round.",
    rules_tokens_h: "Tokens to win",
    rules_tokens: "Each round winner gets a token, then the bonuses the cards give. Tokens needed to win the game:",
    rules_players_n: "{n} players",
    rules_cards_h: "The cards",
    rules_deck_for: "With {min} to {max} players: {cards} cards",
    rules_deck_for_one: "With {min} players: {cards} cards",
    col_value: "Value",
    col_card: "Card",
    col_copies: "Copies",
    col_effect: "Effect",
    col_playing: "Playing cards",
    rules_playing_h: "With a deck of playing cards",
    rules_playing_intro: "No Love Letter deck at hand? These cards of an ordinary deck, with its jokers, stand for the characters:",
    rules_playing_completed: "* As in the Premium deck (the same character, a black card); the Chancellor, which Premium lacks, takes the black sixes.",
    rules_playing_rank: "A playing card's rank is its character's value in the 2019 numbering (the King is a seven): in this edition, read the value from the table, not from the card.",
    chat_title: "Chat",
    chat_send: "Send",
    chat_placeholder: "A word to the table (200 characters)",
    chat_read_only: "Spectators read the chat",
    chat_spectators_off: "The host has not let spectators write.",
    chat_let_spectators: "Spectators may write in the chat",
    chat_spectator: "A spectator",
    reaction_applause: "Applause",
    reaction_laugh: "Laugh",
    reaction_wow: "Wow",
    reaction_thanks: "Thanks",
    reaction_oops: "Oops",
    err_chat_rate: "Too many chat lines: wait a little.",
    err_chat_closed: "Spectators may not write in this table's chat.",
    replay_unknown_game: "This table has no such game.",
    replay_to_table: "Back to the table",
    replay_record: "Download the game record",
    // what just happened, private results, card details, sound
    recent_title: "Last turns",
    recent_none: "No card played yet this round.",
    outcome_out: "out — held {card}",
    outcome_out_plain: "out",
    outcome_safe: "safe",
    outcome_tie: "tie",
    outcome_won: "higher card",
    outcome_traded: "hands traded",
    outcome_seen: "hand seen",
    outcome_discarded: "discarded {card}",
    outcome_protected: "protected",
    outcome_no_effect: "no effect",
    outcome_token: "+1 token",
    move_on: "{name} played {card} on {targets}",
    move_plain: "{name} played {card}",
    move_on_me: "You played {card} on {targets}",
    move_plain_me: "You played {card}",
    move_self_hand: "{name} played {card} on their own hand",
    move_self_hand_me: "You played {card} on your own hand",
    move_self: "{name} played {card}, choosing themselves",
    move_self_me: "You played {card}, choosing yourself",
    move_with: "{name} played {card} and traded hands with {targets}",
    move_with_me: "You played {card} and traded hands with {targets}",
    recent_you: "you",
    private_title: "Only you see this",
    private_ok: "OK",
    private_look: "{name} holds {card}.",
    private_compare_win: "You compared hands with {name}: you hold {mine}, {name} holds {theirs}. You stay in.",
    private_compare_lose: "You compared hands with {name}: you hold {mine}, {name} holds {theirs}. You are out.",
    private_compare_tie: "You compared hands with {name}: you hold {mine}, {name} holds {theirs}. A tie: nobody is out.",
    private_trade: "You traded hands with {name}: you gave {gave} and got {got}.",
    private_chancellor: "You drew {cards}: keep one, the others go under the deck.",
    card_close: "Close",
    card_in_deck: "{n} {n|copy|copies} in the deck",
    sound_on: "Sound on",
    sound_off: "Sound off",
    sound_label: "Play a sound when it is your turn",
    notify_title: "Love Letter: your turn",
    notify_body: "It is your turn at table {id}.",
    seats_max: "At most {n} {n|player|players}: unselect one first.",
    play_why_none: "Choose {n|one player|the players} first.",
    play_why_others: "Choose one or two other players first.",
    play_why_two: "Choose exactly two players.",
    you_suffix: "{name} (you)",
    recent_outcome: "{name}:",
  },
  fr: {
    skip: "Aller au jeu",
    switch_lang: "English",
    switch_lang_label: "Switch to English",
    tagline: "Faites parvenir votre lettre à la princesse : un jeu de cartes, de risque et de déduction, de 2 à 8 joueurs.",
    new_table: "Nouvelle table",
    your_name: "Votre nom",
    name_hint: "Visible des autres joueurs ; retenu sur cet appareil.",
    edition: "Édition",
    players_range: "{min} à {max} joueurs",
    players: "Joueurs",
    seat_n: "Place {n}",
    you: "Vous",
    seat_friend: "Un ami (lien d'invitation)",
    seat_bot: "Robot\u00a0: {level}",
    seat_bot_note: "Robot\u00a0: {level} — {note}",
    level_note_easy: "joue au hasard",
    level_note_medium: "gagne 74\u00a0% des manches contre facile",
    level_note_hard: "gagne 56\u00a0% des manches contre moyen",
    level_note_expert: "gagne 52\u00a0% des manches contre difficile",
    level_easy: "facile",
    level_medium: "moyen",
    level_hard: "difficile",
    level_expert: "expert",
    level_policy: "stratégie apprise «\u00a0{name}\u00a0»",
    options: "Options de la table",
    tokens_to_win: "Jetons pour gagner",
    tokens_default: "règle de l'édition : {n}",
    tie_rule: "Égalité non départagée à la fin de la manche",
    tie_all: "tous les ex æquo gagnent la manche",
    tie_nobody: "personne ne gagne la manche",
    face_up: "À 2 joueurs, retirer 3 cartes face visible",
    first_player: "Premier joueur",
    first_random: "tiré au sort",
    constable_option: "Connétable : compte même s'il arrive dans la défausse quand vous sortez de la manche",
    bishop_option: "La Princesse bat l'Évêque à la fin de la manche",
    hints_option: "Permettre les conseils\u00a0: chacun peut demander ce que jouerait le robot expert",
    create: "Créer la table",
    creating: "Création…",
    join_table: "Rejoindre une table",
    join_hint: "Collez le lien d'invitation reçu d'un ami (ou son code).",
    link_or_code: "Lien d'invitation ou code",
    join: "Rejoindre",
    how_to_play: "Comment se passe un tour",
    how_1: "Vous avez une carte en main. Piochez-en une deuxième.",
    how_2: "Jouez l'une des deux : son effet s'applique aussitôt.",
    how_3: "Soyez la dernière personne en lice, ou ayez la plus forte carte quand la pioche est vide, pour gagner un jeton d'affection.",
    how_4: "Réunissez assez de jetons pour gagner la partie.",
    replay_hint: "Les parties terminées se revoient coup par coup depuis leur table.",
    lobby_title: "Table {id}",
    invite: "Invitez vos amis avec ce lien",
    copy: "Copier le lien",
    copied: "Lien copié",
    waiting_players: "En attente des joueurs. Les places libres sont prises par des robots au début de la partie.",
    start: "Commencer la partie",
    host_only: "L'hôte lance la partie.",
    open_seat: "place libre",
    take_seat: "Prendre une place",
    table_full: "Cette table est complète.",
    round: "Manche {n}",
    tokens_goal: "{n} {n|jeton|jetons} pour gagner",
    spectating: "Spectateur",
    your_turn: "À vous",
    your_turn_title: "● À vous de jouer",
    choose_card: "Choisissez une carte à jouer.",
    your_choice: "Faites votre choix ci-dessous.",
    waiting_for: "{name} joue…",
    waiting_step_chancellor: "{name} choisit quoi garder ({card})…",
    waiting_step_cardinal: "{name} peut regarder une main ({card})…",
    waiting_step_bishop: "{name} répond ({card})…",
    round_over: "La manche est terminée.",
    next_round_soon: "La manche suivante est distribuée…",
    game_over: "La partie est terminée.",
    connecting: "Connexion…",
    reconnecting: "Connexion perdue : reconnexion…",
    sending: "Coup joué…",
    deck: "Pioche",
    deck_count: "{n} dans la pioche",
    set_aside: "Écartée",
    set_aside_taken: "prise",
    face_up_cards: "Face visible",
    hand: "Main",
    your_hand: "Votre main",
    discards: "Cartes jouées et défaussées",
    no_discards: "rien encore",
    tokens: "Jetons",
    tokens_of: "{n} {n|jeton|jetons} sur {goal}",
    badge_you: "vous",
    badge_bot: "robot · {level}",
    badge_standin: "un robot joue à sa place",
    badge_offline: "hors ligne",
    badge_turn: "à jouer",
    badge_protected: "sous protection",
    badge_out: "hors jeu",
    badge_jester: "a le jeton {card}",
    badge_sycophant: "cible du {card}",
    known: "Vous savez :",
    hidden_card: "une carte cachée",
    hidden_cards: "{n} {n|carte cachée|cartes cachées}",
    play_this: "Jouer cette carte",
    choose_target: "Choisissez un joueur",
    name_card: "Nommez une carte (sauf {card})",
    name_value: "Nommez un nombre",
    unseen_one: "{n} non vue",
    unseen_many: "{n} non vues",
    choose_seats_baroness: "Choisissez un ou deux joueurs dont vous verrez la main",
    choose_seats_cardinal: "Choisissez les deux joueurs qui échangent leur main (vous pouvez vous choisir)",
    choose_seats_others: "Choisissez un ou deux autres joueurs",
    choose_seats_two: "Choisissez deux joueurs (vous pouvez vous choisir)",
    confirm: "Jouer",
    back: "Retour",
    keep_card: "Gardez une carte",
    keep_hint: "Les autres vont sous la pioche, dans l'ordre que vous choisirez ensuite.",
    order_card: "Quelle carte va sous la pioche en premier ?",
    order_hint: "L'autre passe ensuite dessous, tout en bas.",
    look_step: "Les mains sont échangées. Regarder l'une d'elles ?",
    look_none: "Ne regarder aucune main",
    bishop_step: "{name} a nommé {value} : c'est la valeur de votre carte, et {name} gagne un jeton.",
    reply_discard: "Défausser votre main et piocher une nouvelle carte",
    reply_keep: "Garder votre carte",
    no_target_note: "Personne ne peut être choisi : cette carte se joue sans effet.",
    countess_note: "Vous devez jouer {countess} : elle ne peut pas rester en main avec {other}.",
    blocked_note: "Cette carte ne peut pas être jouée maintenant.",
    sycophant_note: "Le {card} a désigné {name} : votre carte doit viser {name}.",
    princess_note: "Jouer cette carte vous élimine de la manche.",
    keys_hint: "Clavier : chiffres pour choisir, Entrée pour jouer, Échap pour revenir.",
    not_connected: "Pas de connexion : patientez un instant et réessayez.",
    tab_log: "Journal",
    tab_cards: "Cartes",
    tab_notes: "Notes",
    log_title: "Ce qui s'est passé",
    tracker_title: "Cartes encore jamais vues depuis votre place",
    tracker_card: "Carte",
    tracker_left: "Non vues",
    tracker_note: "Ni dans une défausse, ni face visible, ni dans votre main.",
    notes_title: "Ce que vous avez vu",
    notes_empty: "Rien encore : ce qui vous est montré en privé (une main regardée, une comparaison, un échange, une pioche) est noté ici.",
    note_turn: "Tour {turn}",
    note_look: "Vous avez vu la carte {de:name} : {card}",
    note_compare: "Vous avez comparé vos mains avec {name} : vous {mine}, l'autre {theirs}",
    note_trade: "Vous avez échangé vos mains avec {name} : donné {gave}, reçu {got}",
    note_chancellor_draw: "Vous avez pioché {cards}",
    note_chancellor_return: "Vous avez placé sous la pioche, dans cet ordre : {cards}",
    summary_title: "Manche {n}",
    summary_won_one: "{names} remporte la manche",
    summary_won_many: "{names} remportent la manche",
    summary_nobody: "Personne ne remporte la manche",
    summary_cut: "La partie s'est terminée pendant la manche",
    ending_last_standing: "la seule personne encore en lice",
    ending_showdown: "la plus forte carte quand la pioche s'est vidée",
    ending_game_won: "un jeton a atteint l'objectif",
    summary_player: "Joueur",
    summary_hand: "Main finale",
    summary_gained: "Gagné",
    summary_total: "Jetons",
    summary_set_aside: "La carte écartée était :",
    summary_out: "hors jeu",
    reason_round: "manche gagnée",
    reason_twins: "princesses jumelles",
    continue: "Continuer",
    show_results: "Voir les résultats",
    hint_button: "Conseil\u00a0: que jouerait l'expert\u00a0?",
    hint_waiting: "L'expert réfléchit…",
    game_end_title: "La partie est terminée",
    game_winner_one: "{names} gagne la partie !",
    game_winner_many: "{names} gagnent la partie !",
    you_won: "Vous avez gagné !",
    standings: "Jetons à la fin",
    rematch: "Revanche",
    rematch_wait: "L'hôte peut lancer une revanche.",
    replay_game: "Revoir cette partie",
    download: "Télécharger l'enregistrement",
    new_table_link: "Nouvelle table",
    replay_title: "Revoir : table {id}, partie {n}",
    replay_loading: "Chargement de la partie…",
    replay_step: "Étape {n} sur {total}",
    replay_first: "Première étape",
    replay_prev: "Étape précédente",
    replay_next: "Étape suivante",
    replay_last: "Dernière étape",
    replay_prev_round: "Manche précédente",
    replay_next_round: "Manche suivante",
    replay_deal: "La manche {n} est distribuée.",
    replay_keys: "Clavier : ← → étape, Page préc./suiv. manche, Début/Fin.",
    replay_unavailable: "Cette partie n'est pas terminée : elle pourra être revue une fois finie.",
    review: "Toutes les mains sont visibles : la partie est terminée.",
    error: "Un problème est survenu : {message}",
    unknown_table: "Cette table n'existe pas.",
    err_bad_token: "Votre place à cette table n'est pas connue sur cet appareil : vous regardez la partie.",
    err_not_your_turn: "Ce n'est pas à vous de jouer.",
    err_name_taken: "Ce nom est déjà pris à cette table : choisissez-en un autre.",
    table_not_found: "Aucune table trouvée pour ce lien ou ce code.",
    // time, invitations, the host, rules, chat
    time_title: "Temps",
    turn_timer: "Temps par décision",
    timer_off: "illimité",
    timer_seconds: "{n} s",
    timer_minutes: "{n} min",
    disconnect_timeout: "Un robot remplace un joueur absent plus de",
    standin_level: "Niveau des robots (places libres, remplaçants)",
    lobby_timer: "Temps par décision : {time}. Une fois écoulé, un robot joue cette décision.",
    lobby_no_timer: "Pas de limite de temps par décision.",
    lobby_disconnect: "Un robot remplace un joueur absent plus de {time}.",
    clock_left: "encore {time}",
    clock_aria: "Temps restant pour décider",
    offline_left: "{name} est hors ligne : un robot prendra sa place dans {time}.",
    offline_now: "{name} est hors ligne : un robot joue à sa place.",
    away_you: "Votre temps s'est écoulé trois fois de suite : un robot joue à votre place.",
    away_back: "Je suis de retour",
    badge_away: "absent",
    host_badge: "hôte",
    spectator_link: "Les spectateurs peuvent regarder avec ce lien",
    link_local: "Ce lien ne marche que sur cet ordinateur : le serveur écoute sur {address}. Pour jouer avec des amis sur d'autres machines, relancez-le avec loveletter serve --host 0.0.0.0.",
    game_started_watch: "Cette partie a déjà commencé : vous la regardez.",
    rules_link: "Règles",
    name_blank: "Entrez un nom (pas seulement des espaces).",
    err_invalid: "Le serveur a refusé cette demande.",
    err_invalid_message: "Le serveur a refusé cette demande.",
    err_rate_limited: "Trop de tables créées depuis votre adresse : réessayez dans un moment.",
    err_table_full: "Toutes les places de cette table sont prises.",
    err_not_in_lobby: "La partie a commencé : on ne peut plus prendre de place.",
    err_seat_taken: "Cette place est prise.",
    err_no_such_seat: "Cette table n'a pas cette place.",
    err_server_error: "Le serveur n'a pas pu le faire pour l'instant : réessayez.",
    err_not_found: "Introuvable.",
    err_bad_request: "Le serveur a refusé cette demande.",
    err_too_large: "Cette demande est trop grande.",
    err_busy: "La table est occupée : réessayez.",
    err_not_host: "Seul l'hôte peut le faire.",
    err_already_started: "La partie a déjà commencé.",
    err_not_finished: "Cette partie n'est pas encore finie.",
    err_unknown_game: "Cette table n'a pas cette partie.",
    host_tools: "Contrôles de l'hôte",
    host_remove: "Retirer",
    host_hand: "Nommer hôte",
    host_confirm_remove: "Retirer {name} de la table ? Sa place se libère (un robot la prend si la partie a commencé).",
    host_confirm_hand: "Faire de {name} l'hôte de cette table ?",
    host_gone_start: "L'hôte est absent : n'importe quel joueur peut lancer la partie.",
    err_removed: "L'hôte vous a retiré de cette table : vous regardez la partie.",
    err_no_player: "Aucun joueur n'occupe cette place.",
    err_host_seat: "C'est la place de l'hôte.",
    rules_title: "Règles de Love Letter",
    rules_intro: "Toutes les règles de l'édition choisie, puis ses cartes, puis comment y jouer avec un jeu de cartes ordinaire.",
    rules_print: "Imprimer",
    rules_goal_h: "But du jeu",
    rules_goal: "À chaque manche, soyez le dernier joueur encore en lice, ou tenez la carte la plus forte quand la pioche est vide : vous gagnez un jeton d'affection. Le premier à réunir assez de jetons gagne la partie ; plusieurs joueurs peuvent gagner ensemble.",
    rules_setup_h: "Mise en place d'une manche",
    rules_setup: "Mélangez le paquet. Retirez la carte du dessus face cachée, sans que personne ne la voie. Distribuez une carte à chaque joueur ; le reste forme la pioche.",
    rules_setup_two: "À 2 joueurs exactement, retirez aussi 3 cartes face visible : tout le monde les voit, et elles sont hors jeu pour la manche.",
    rules_first: "Le premier joueur de la manche 1 est tiré au sort (ou choisi à la création de la table) ; ensuite, le gagnant de la manche précédente commence (l'un d'eux au hasard après une égalité).",
    rules_turn_h: "Un tour",
    rules_turn: "Piochez la carte du dessus, puis jouez l'une de vos deux cartes face visible devant vous et appliquez son effet. L'effet est obligatoire : si la carte peut désigner quelqu'un, elle le doit. On joue dans le sens des aiguilles d'une montre, en sautant les joueurs éliminés.",
    rules_piles: "Les défausses sont publiques et restent dans l'ordre : chacun peut voir quelles cartes ont été jouées.",
    rules_out_h: "Élimination",
    rules_out: "Un joueur éliminé pose sa main face visible sur sa défausse, sans effet ; il ne peut plus être désigné et passe ses tours jusqu'à la fin de la manche.",
    rules_choose_h: "Désigner des joueurs",
    rules_choose_1: "Une carte ne peut désigner que des joueurs encore en lice et non protégés par une Servante.",
    rules_choose_2: "Si une carte doit désigner un autre joueur et que personne ne peut l'être, elle est jouée sans effet.",
    rules_choose_3: "Si une carte peut désigner n'importe qui, comme le Prince, et que tous les autres joueurs sont protégés, elle désigne son propre joueur.",
    rules_end_h: "Fin de la manche",
    rules_end: "La manche s'arrête dès qu'il ne reste qu'un joueur en lice (il la gagne), ou à la fin d'un tour si la pioche est vide : chaque joueur encore en lice montre sa main, et la carte la plus forte gagne.",
    rules_tie_sum: "En cas d'égalité, les joueurs à égalité additionnent les valeurs de leur défausse, et le plus gros total l'emporte ; ceux qui restent à égalité gagnent tous.",
    rules_tie_all: "En cas d'égalité, tous les joueurs à égalité gagnent la manche.",
    rules_tokens_h: "Jetons pour gagner",
    rules_tokens: "Chaque gagnant de la manche reçoit un jeton, puis viennent les bonus des cartes. Jetons nécessaires pour gagner la partie :",
    rules_players_n: "{n} joueurs",
    rules_cards_h: "Les cartes",
    rules_deck_for: "De {min} à {max} joueurs : {cards} cartes",
    rules_deck_for_one: "À {min} joueurs : {cards} cartes",
    col_value: "Valeur",
    col_card: "Carte",
    col_copies: "Exemplaires",
    col_effect: "Effet",
    col_playing: "Cartes à jouer",
    rules_playing_h: "Avec un jeu de cartes ordinaire",
    rules_playing_intro: "Pas de paquet Love Letter sous la main ? Ces cartes d'un jeu ordinaire, avec ses jokers, tiennent lieu de personnages :",
    rules_playing_completed: "* Comme dans le paquet Premium (même personnage, carte noire) ; le Chancelier, absent de Premium, prend les six noirs.",
    rules_playing_rank: "Le rang d'une carte à jouer est la valeur de son personnage dans la numérotation de 2019 (le Roi est un sept) : dans cette édition, lisez la valeur dans le tableau, pas sur la carte.",
    chat_title: "Discussion",
    chat_send: "Envoyer",
    chat_placeholder: "Un mot à la table (200 caractères)",
    chat_read_only: "Les spectateurs lisent la discussion",
    chat_spectators_off: "L'hôte n'a pas permis aux spectateurs d'écrire.",
    chat_let_spectators: "Les spectateurs peuvent écrire",
    chat_spectator: "Un spectateur",
    reaction_applause: "Bravo",
    reaction_laugh: "Rire",
    reaction_wow: "Waouh",
    reaction_thanks: "Merci",
    reaction_oops: "Oups",
    err_chat_rate: "Trop de messages : patientez un peu.",
    err_chat_closed: "Les spectateurs ne peuvent pas écrire dans la discussion de cette table.",
    replay_unknown_game: "Cette table n'a pas cette partie.",
    replay_to_table: "Retour à la table",
    replay_record: "Télécharger l'enregistrement de la partie",
    // what just happened, private results, card details, sound
    recent_title: "Derniers coups",
    recent_none: "Aucune carte jouée dans cette manche.",
    outcome_out: "hors jeu — avait {card}",
    outcome_out_plain: "hors jeu",
    outcome_safe: "indemne",
    outcome_tie: "égalité",
    outcome_won: "carte plus forte",
    outcome_traded: "mains échangées",
    outcome_seen: "main vue",
    outcome_discarded: "a défaussé {card}",
    outcome_protected: "sous protection",
    outcome_no_effect: "sans effet",
    outcome_token: "+1 jeton",
    move_on: "{name} a joué {card} sur {targets}",
    move_plain: "{name} a joué {card}",
    move_on_me: "Vous avez joué {card} sur {targets}",
    move_plain_me: "Vous avez joué {card}",
    move_self_hand: "{name} a joué {card} sur sa propre main",
    move_self_hand_me: "Vous avez joué {card} sur votre propre main",
    move_self: "{name} a joué {card} en se choisissant",
    move_self_me: "Vous avez joué {card} en vous choisissant",
    move_with: "{name} a joué {card} et échangé sa main avec {targets}",
    move_with_me: "Vous avez joué {card} et échangé votre main avec {targets}",
    recent_you: "vous",
    private_title: "Vous seul le voyez",
    private_ok: "Compris",
    private_look: "{name} a en main {card}.",
    private_compare_win: "Vous avez comparé vos mains avec {name} : vous avez {mine}, {name} a {theirs}. Vous restez en lice.",
    private_compare_lose: "Vous avez comparé vos mains avec {name} : vous avez {mine}, {name} a {theirs}. Vous êtes hors jeu.",
    private_compare_tie: "Vous avez comparé vos mains avec {name} : vous avez {mine}, {name} a {theirs}. Égalité : personne n'est hors jeu.",
    private_trade: "Vous avez échangé vos mains avec {name} : donné {gave}, reçu {got}.",
    private_chancellor: "Vous avez pioché {cards} : gardez-en une, les autres vont sous la pioche.",
    card_close: "Fermer",
    card_in_deck: "{n} {n|exemplaire|exemplaires} dans le paquet",
    sound_on: "Son activé",
    sound_off: "Son coupé",
    sound_label: "Jouer un son quand c'est à vous",
    notify_title: "Love Letter : à vous de jouer",
    notify_body: "C'est à vous de jouer à la table {id}.",
    seats_max: "{n} {n|joueur|joueurs} au plus : retirez-en un d'abord.",
    play_why_none: "Choisissez d'abord {n|un joueur|les joueurs}.",
    play_why_others: "Choisissez d'abord un ou deux autres joueurs.",
    play_why_two: "Choisissez exactement deux joueurs.",
    you_suffix: "{name} (vous)",
    recent_outcome: "{name} :",
  },
};


/** @type {Lang[]} */
export const LANGS = ["en", "fr"];

/**
 * @param {unknown} value
 * @returns {value is Lang}
 */
function isLang(value) {
  return LANGS.includes(/** @type {Lang} */ (value));
}

/**
 * The language: the one chosen before on this device, else the browser's.
 * @param {string | null} saved
 * @returns {Lang}
 */
export function initialLang(saved) {
  if (isLang(saved)) return saved;
  const preferred = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
  for (const tag of preferred) {
    const base = String(tag || "").slice(0, 2).toLowerCase();
    if (isLang(base)) return base;
  }
  return "en";
}

/**
 * Speak `lang` from now on (English for a language the page does not know).
 * @param {string} lang
 */
export function setLang(lang) {
  document.documentElement.lang = isLang(lang) ? lang : "en";
}

/** @returns {Lang} */
export function lang() {
  const current = document.documentElement.lang;
  return isLang(current) ? current : "en";
}

const NBSP = "\u00a0";
const FIELD = /(\{[^{}]+\})/;

/** The values of a template's fields. @typedef {Record<string, Part | Part[] | number>} Fields */

/**
 * A template's text in the current language, set as French sets it (a no-break space
 * before : ; ! ? and none other), its plurals chosen: "{n|token|tokens}" (French puts
 * 0 and 1 in the singular), its elisions made: "{de:name}" is "d'Ana", "de Bruno".
 * @param {string} key
 * @param {Fields} fields
 * @returns {(string | Part | Part[])[]}
 */
function template(key, fields) {
  const current = lang();
  const text = CATALOGUE[current][key] ?? CATALOGUE.en[key] ?? key;
  return text.split(FIELD).map((part, i) => {
    if (i % 2 === 0) return current === "fr" ? part.replace(/[ \u00a0\u202f]*([:;!?])/g, `${NBSP}$1`) : part;
    const inner = part.slice(1, -1);
    const plural = inner.match(/^(\w+)\|([^|]*)\|([^|]*)$/);
    if (plural && plural[1] in fields) {
      const n = Math.abs(Number(fields[plural[1]]));
      return (current === "fr" ? n < 2 : n === 1) ? plural[2] : plural[3];
    }
    const elided = inner.match(/^(de|que):(\w+)$/);
    if (elided && elided[2] in fields) return elide(elided[1], fields[elided[2]]);
    return part;
  });
}

/**
 * "de" + "Ana" is "d'Ana" in French (a vowel or a mute h); "de Bruno" else.
 * @param {string} word
 * @param {Part | Part[] | number} name
 * @returns {string | Part[]}
 */
export function elide(word, name) {
  if (typeof name !== "string") return [word, " ", ...[name].flat().map((part) => (typeof part === "number" ? String(part) : part))];
  const first = name.slice(0, 1).toLowerCase();
  const vowel = first === "y" ? !/^[aeiouyàâäéèêëîïôöùûüÿœæ]/i.test(name.slice(1, 2)) : /^[aeiouyàâäéèêëîïôöùûüÿœæh]/.test(first);
  return lang() === "fr" && vowel ? `${word.slice(0, -1)}'${name}` : `${word} ${name}`;
}

/**
 * Whether the interface has words for `key`.
 * @param {string} key
 */
export function known(key) {
  return Object.hasOwn(CATALOGUE.en, key);
}

/**
 * A bot level's name: in the current language if it has one, else as the server calls it.
 * @param {string | null} level
 */
export function levelName(level) {
  const key = `level_${level}`;
  return known(key) ? t(key) : String(level);
}

/**
 * How the creation form names a bot level: a level's own name, or a trained policy's.
 * @param {string} level
 * @param {string[]} policies
 */
export function levelChoice(level, policies) {
  return policies.includes(level) ? t("level_policy", { name: level }) : levelName(level);
}

/**
 * A string of the interface in the current language, its {fields} filled in.
 * @param {string} key
 * @param {Record<string, string | number>} [fields]
 * @returns {string}
 */
export function t(key, fields = {}) {
  return tParts(key, fields).join("");
}

/**
 * Like t(), but the fields may be DOM nodes (cards drawn as chips): returns a list of
 * strings and nodes to append.
 * @param {string} key
 * @param {Fields} [fields]
 * @returns {Part[]}
 */
export function tParts(key, fields = {}) {
  return template(key, fields).flatMap((part) => {
    const name = typeof part === "string" ? part.match(/^\{(\w+)\}$/) : null;
    if (!name || !(name[1] in fields)) return part;
    const value = fields[name[1]];
    return typeof value === "number" ? String(value) : value;
  });
}

/**
 * Elements (card chips, say) listed as words are: "a, b and c" / "a, b et c".
 * @param {Part[]} parts
 * @returns {Part[]}
 */
export function listParts(parts) {
  const and = lang() === "fr" ? " et " : " and ";
  return parts.flatMap((part, i) => (i === 0 ? [part] : [i === parts.length - 1 ? and : ", ", part]));
}

/**
 * "Ana", "Ana and Bruno", "Ana, Bruno and Chloé" (or "et").
 * @param {string[]} names
 */
export function listNames(names) {
  const and = lang() === "fr" ? " et " : " and ";
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")}${and}${names[names.length - 1]}`;
}
