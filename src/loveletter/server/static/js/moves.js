// @ts-check
// What just happened, read from a view's events (this round's, as the seat may see
// them): the plays of the round with their outcomes on each seat, the private results
// a seat is shown, and the cards the end of a round turns face up. Pure functions: no
// DOM, no timers; state.js and the views (board.js, recent.js) use them. How a card is
// played comes from the server's catalogue (cards.js): no card is named here.

/**
 * What the plays need to know of the cards: whether one chooses players (played on
 * nobody, it has no effect: R11). A Deck of cards.js is one.
 * @typedef {{choosesPlayers: (id: string) => boolean}} CardKinds
 */

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").GameEvent} GameEvent */
/** @typedef {import("./protocol.js").PlayEvent} PlayEvent */

/**
 * What a play did to one seat, as the table shows it on that seat.
 * "out": knocked out (card: what they held); "safe": a Guard or a Bishop missed;
 * "tie": a comparison tied; "won": won a comparison; "traded": hands traded;
 * "seen": their hand was looked at; "discarded": discarded (card) and drew;
 * "protected": the Handmaid; "no_effect": played on nobody; "token": gained a token.
 * @typedef {{seat: number, kind: "out" | "safe" | "tie" | "won" | "traded" | "seen"
 *   | "discarded" | "protected" | "no_effect" | "token", card: string | null}} Outcome
 */

/**
 * One play of the round and what followed it, up to the next turn.
 * @typedef {object} Move
 * @property {number} index  the play's index in view.events
 * @property {number} seat  who played
 * @property {string} card
 * @property {number[]} targets
 * @property {string | number | null} guess
 * @property {Outcome[]} outcomes
 */

/** The events that only the seat that gets them sees with their cards. */
const PRIVATE = new Set(["look", "compare", "trade", "chancellor_draw"]);

/**
 * The plays of the view's round, in order, each with its outcomes.
 * @param {View} view
 * @param {CardKinds} cards
 * @returns {Move[]}
 */
export function movesOf(view, cards) {
  /** @type {Move[]} */
  const moves = [];
  /** @type {Move | null} */
  let move = null;
  view.events.forEach((event, index) => {
    if (event.type === "play") {
      move = { index, seat: event.seat, card: event.card, targets: [...event.targets], guess: event.guess, outcomes: [] };
      moves.push(move);
      if (event.card === "handmaid") addOutcome(move, event.seat, "protected");
      else if (!event.targets.length && cards.choosesPlayers(event.card)) addOutcome(move, event.seat, "no_effect");
    } else if (event.type === "turn" || event.type === "round") {
      move = null;
    } else if (move) {
      outcomesOf(move, event);
    }
  });
  return moves;
}

/**
 * @param {Move} move
 * @param {GameEvent} event
 */
function outcomesOf(move, event) {
  switch (event.type) {
    case "guard":
    case "bishop":
      if (!event.hit) addOutcome(move, event.target, "safe");
      else if (event.type === "bishop") addOutcome(move, event.seat, "token");
      break;
    case "assassin":
      addOutcome(move, event.guard, "out");
      break;
    case "look":
      addOutcome(move, event.target, "seen");
      break;
    case "compare":
      if (event.loser === null) {
        addOutcome(move, event.seat, "tie");
        addOutcome(move, event.target, "tie");
      } else {
        addOutcome(move, event.loser === event.seat ? event.target : event.seat, "won");
      }
      break;
    case "trade":
      addOutcome(move, event.first, "traded");
      addOutcome(move, event.second, "traded");
      break;
    case "discard":
      addOutcome(move, event.seat, "discarded", event.card);
      break;
    case "out":
      addOutcome(move, event.seat, "out", event.cards.length ? event.cards[event.cards.length - 1] : null);
      break;
    case "token":
      addOutcome(move, event.seat, "token");
      break;
    default:
      break;
  }
}

/**
 * Set a seat's outcome: a later, stronger one replaces an earlier one ("out" after
 * "discarded" for a Princess, "out" after "won" never happens).
 * @param {Move} move
 * @param {number} seat
 * @param {Outcome["kind"]} kind
 * @param {string | null} card
 */
function addOutcome(move, seat, kind, card = null) {
  const found = move.outcomes.findIndex((outcome) => outcome.seat === seat);
  const outcome = { seat, kind, card };
  if (found < 0) move.outcomes.push(outcome);
  else if (kind === "out" || kind === "traded") {
    // Keep what was discarded: the Prince's target "discards the Princess" and is out.
    const before = move.outcomes[found];
    move.outcomes[found] = { ...outcome, card: card ?? before.card };
  }
}

/**
 * The round's last play, if any.
 * @param {View} view
 * @param {CardKinds} cards
 * @returns {Move | null}
 */
export function lastMove(view, cards) {
  const moves = movesOf(view, cards);
  return moves.length ? moves[moves.length - 1] : null;
}

/**
 * The index in view.events of the round's last play, -1 before any.
 * @param {View} view
 * @returns {number}
 */
export function lastPlayIndex(view) {
  return view.events.findLastIndex((event) => event.type === "play");
}

/**
 * Whom a play chose, as a sentence tells it: nobody ("plain"), other players ("on"),
 * its own player alone ("self": a Prince on their own hand, a Sycophant choosing
 * themselves), or its own player and another ("with": a Cardinal's trade with them).
 * `others` are the chosen players other than the one who played.
 * @param {Move} move
 * @returns {{shape: "plain" | "on" | "self" | "with", others: number[]}}
 */
export function chosenBy(move) {
  const others = move.targets.filter((seat) => seat !== move.seat);
  if (others.length === move.targets.length) return { shape: others.length ? "on" : "plain", others };
  return { shape: others.length ? "with" : "self", others };
}

/**
 * The events of `view` that show `me` cards no one else sees, from index `from` on:
 * a Priest's, Baroness's or Cardinal's look, a Baron's or Dowager Queen's comparison
 * (either side), a King's or Cardinal's trade (either side), the Chancellor's draw.
 * @param {View} view
 * @param {number} me
 * @param {number} from
 * @returns {GameEvent[]}
 */
export function privateResults(view, me, from = 0) {
  return view.events.slice(from).filter((event) => PRIVATE.has(event.type) && showsMe(event, me));
}

/**
 * Whether a private result of the seat `me` still tells how things are in `view`:
 * the card it shows in another seat's hand is still known to be there (the view's
 * known_hands: not played, not traded away, the round not over), and a Chancellor's
 * cards are still to be chosen from. Once out of date it is only history (the log,
 * the notes).
 * @param {GameEvent} event
 * @param {View} view
 * @param {number} me
 * @returns {boolean}
 */
export function stillTrue(event, view, me) {
  /** @param {number} seat */
  const known = (seat) => view.known_hands[String(seat)];
  switch (event.type) {
    case "look":
      return known(event.target) === event.card;
    case "compare":
      return event.seat === me ? known(event.target) === event.target_card : known(event.seat) === event.seat_card;
    case "trade":
      return event.first === me ? known(event.second) === event.first_card : known(event.first) === event.second_card;
    case "chancellor_draw":
      return view.phase === "chancellor" && view.to_move === me;
    default:
      return false;
  }
}

/**
 * @param {GameEvent} event
 * @param {number} me
 * @returns {boolean}
 */
function showsMe(event, me) {
  switch (event.type) {
    case "look":
      return event.seat === me && Boolean(event.card);
    case "compare":
      return (event.seat === me || event.target === me) && Boolean(event.seat_card && event.target_card);
    case "trade":
      return (event.first === me || event.second === me) && Boolean(event.first_card && event.second_card);
    case "chancellor_draw":
      return event.seat === me && Boolean(event.cards && event.cards.length);
    default:
      return false;
  }
}

/**
 * The hands turned face up at the end of the view's round (every seat's but `me`'s,
 * whose hand the view already counts), or null while the round goes on.
 * @param {View} view
 * @param {number | null} me
 * @returns {Record<string, string[]> | null}
 */
export function revealedHands(view, me) {
  if (view.phase !== "round_over" && view.phase !== "game_over") return null;
  const result = view.results[view.results.length - 1];
  if (!result || result.round !== view.round) return null;
  /** @type {Record<string, string[]>} */
  const hands = {};
  result.hands.forEach((cards, seat) => {
    if (seat !== me && cards.length) hands[String(seat)] = [...cards];
  });
  return hands;
}

/**
 * The tracker's count of unseen cards: the view's, less the hands the end of the round
 * turned face up.
 * @param {View} view
 * @param {number | null} me
 * @returns {Record<string, number>}
 */
export function unseenCounts(view, me) {
  const counts = { ...view.unseen };
  const hands = revealedHands(view, me);
  if (!hands) return counts;
  for (const cards of Object.values(hands)) {
    for (const card of cards) if (counts[card]) counts[card] -= 1;
  }
  return counts;
}
