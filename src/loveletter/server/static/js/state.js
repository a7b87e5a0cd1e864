// @ts-check
// A table's state in the page: everything drawn from the server's messages and the
// player's own steps, as plain data changed by one pure function, reduce(state,
// event). No DOM, no WebSocket, no timers, no storage: table.js feeds it and draws it.

import { byWord, nextStep } from "./actions.js";
import { lastMove, privateResults } from "./moves.js";

/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./protocol.js").ErrorMessage} ErrorMessage */
/** @typedef {import("./protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("./protocol.js").Position} Position */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {ReturnType<typeof import("./actions.js").parseAction>} ParsedAction */

/** @typedef {"connecting" | "open" | "lost"} Status */
/** @typedef {"log" | "cards" | "notes"} Tab */

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
 * @property {Status} status  the WebSocket's
 * @property {LogRound[]} log  this game's, round by round
 * @property {Notes} notes  this game's
 * @property {number | null} reviewed  how many round results were shown (or were
 *   already past on arrival); null until the game's first view
 * @property {Choice} choice
 * @property {string} choiceKey  the legal actions and position the choice belongs to
 * @property {{id: number, position: string} | null} pending  an action sent and not
 *   answered yet: its id and the position it was sent at
 * @property {Tab} tab  the side panel shown
 * @property {{code: string, message: string} | null} joinError  why taking a seat failed
 * @property {{round: number, count: number} | null} seen  the round's events already
 *   drawn (what came after them is new: it flashes, private results open)
 * @property {Overlay[]} overlays  private results shown until dismissed, oldest first
 * @property {string | null} flash  the key of the last play while its outcome shows
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
 *   | {type: "reviewed", count: number}
 *   | {type: "remembered", notes: Notes}
 *   | {type: "join_failed", code: string, message: string}
 *   | {type: "joined"}
 *   | {type: "dismiss", key: string}
 *   | {type: "flash_over", key: string}} PageEvent
 */

/** @typedef {ServerMessage | PageEvent} TableEvent */

/** @returns {Choice} */
function noChoice() {
  return { word: null, picks: [], seats: [] };
}

/** @returns {TableState} */
export function initialState() {
  return {
    message: null,
    status: "connecting",
    log: [],
    notes: {},
    reviewed: null,
    choice: noChoice(),
    choiceKey: "",
    pending: null,
    tab: "log",
    joinError: null,
    seen: null,
    overlays: [],
    flash: null,
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
      return { ...state, tab: event.tab };
    case "reviewed":
      return { ...state, reviewed: event.count };
    case "remembered":
      // Past rounds from the device's memory; the rounds of the view stay as they are.
      return { ...state, notes: { ...event.notes, ...state.notes } };
    case "join_failed":
      return { ...state, joinError: { code: event.code, message: event.message } };
    case "joined":
      return { ...state, joinError: null };
    case "dismiss":
      return { ...state, overlays: state.overlays.filter((overlay) => overlay.key !== event.key) };
    case "flash_over":
      return state.flash === event.key ? { ...state, flash: null } : state;
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
  const next = { ...state, message };
  if (gameOf(state) !== message.table.game) {
    Object.assign(next, { log: [], notes: {}, reviewed: null, seen: null, overlays: [], flash: null });
  }
  if (message.earlier) next.log = withEarlier(next.log, message.earlier);
  if (message.position) next.log = withLines(next.log, message.position.round, message);
  const view = message.view;
  if (view) Object.assign(next, news(next, view, message.you.seat));
  if (view && next.reviewed === null) {
    // Past rounds' summaries are not shown again on arrival; the one just over is.
    next.reviewed = view.results.length - (isOver(view) ? 1 : 0);
  }
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
  if (state.seen === null) return { seen, overlays: state.overlays, flash: state.flash };
  const from = state.seen.round === view.round ? Math.min(state.seen.count, view.events.length) : 0;
  if (from === view.events.length) return { seen, overlays: state.overlays, flash: state.flash };
  const move = lastMove(view);
  const flash = move && move.index >= from ? `${view.round}:${move.index}` : state.flash;
  // A new round closes what the round before showed (its summary tells the end).
  let overlays = from ? state.overlays : state.overlays.filter((overlay) => overlay.key.startsWith(`${view.round}:`));
  if (me !== null) {
    const fresh = privateResults(view, me, from).map((event) => ({ key: `${view.round}:${view.events.indexOf(event)}`, event }));
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
  return state.pending && error.ref === state.pending.id ? { ...state, pending: null } : state;
}

/**
 * The picks after `arg`. The order of the cards left under the deck asks no question
 * when only one order is possible.
 * @param {TableState} state
 * @param {string} arg
 * @returns {string[]}
 */
function picked(state, arg) {
  const word = choiceWord(state);
  const actions = choiceActions(state);
  const picks = [...state.choice.picks, arg];
  let step = nextStep(actions, picks);
  while (word === "keep" && step.options && step.options.length === 1) {
    picks.push(step.options[0]);
    step = nextStep(actions, picks);
  }
  return picks;
}

/**
 * One step back: the last pick, else the seats chosen, else the card.
 * @param {Choice} choice
 * @returns {Choice}
 */
function back(choice) {
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
  const phase = state.message && state.message.view ? state.message.view.phase : null;
  if (phase === "chancellor") return "keep";
  if (phase === "cardinal") return "look";
  return state.choice.word;
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
