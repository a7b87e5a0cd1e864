// @ts-check
// Legal actions in notation (docs/notation.md) turned into the choices a player makes.
// Pure functions: the UI only ever offers what view.legal_actions allows, and how a
// card is chosen (a seat, a set of seats, a card or a value to name) comes from the
// actions themselves and the server's catalogue, never from a list of cards kept here.

/** @typedef {import("./protocol.js").View} View */

/**
 * An action split into its word (the card played, or the step) and its arguments.
 * @typedef {{text: string, word: string, args: string[]}} ParsedAction
 */

/**
 * What the choice needs to know of the cards (a Deck of cards.js is one).
 * @typedef {{choosesSeatSet: (id: string) => boolean}} CardChoices
 */

/**
 * What to ask after some picks: the action, once they name one (`done`), else the
 * index of the next argument, its options, and whether one of them completes an action.
 * @typedef {{done: string, index?: undefined, options?: undefined, final?: undefined}
 *   | {done?: undefined, index: number, options: string[], final: boolean}} NextStep
 */

/**
 * The seats a card choosing a set of them may name, and the action for a chosen set.
 * @typedef {{seats: number[], actionFor: (chosen: number[]) => string | null, sizes: number[]}} SeatSets
 */

/**
 * Where the choice of a decision stands: the word and its actions, and either the set
 * of seats to choose (`multi`) or the picks so far and the next step.
 * @typedef {{word: string, actions: ParsedAction[], multi: SeatSets}
 *   | ({word: string, actions: ParsedAction[], multi?: undefined, picks: string[]} & NextStep)} Step
 */

/**
 * "guard 2 priest" -> {text, word: "guard", args: ["2", "priest"]}
 * @param {string} text
 * @returns {ParsedAction}
 */
export function parseAction(text) {
  const [word, ...args] = text.split(" ");
  return { text, word, args };
}

/**
 * The legal actions grouped by their first word (the card played, or the step).
 * @param {string[]} legal
 * @returns {Map<string, ParsedAction[]>}
 */
export function byWord(legal) {
  /** @type {Map<string, ParsedAction[]>} */
  const groups = new Map();
  for (const action of legal.map(parseAction)) {
    const group = groups.get(action.word);
    if (group) group.push(action);
    else groups.set(action.word, [action]);
  }
  return groups;
}

/**
 * What to ask next among `actions` (all of one word) after the arguments `picks`:
 * {done: text} when the picks name exactly one action; else {index, options, final},
 * options being the distinct next arguments and final whether any of them completes
 * an action.
 * @param {ParsedAction[]} actions
 * @param {string[]} picks
 * @returns {NextStep}
 */
export function nextStep(actions, picks) {
  const matching = actions.filter((a) => picks.every((pick, i) => a.args[i] === pick));
  const complete = matching.find((a) => a.args.length === picks.length);
  if (complete && matching.length === 1) return { done: complete.text };
  const index = picks.length;
  /** @type {string[]} */
  const options = [];
  for (const action of matching) {
    const next = action.args[index];
    if (next !== undefined && !options.includes(next)) options.push(next);
  }
  const final = matching.every((a) => a.args.length <= index + 1);
  return { index, options, final };
}

/**
 * For a card choosing a set of seats (Baroness, Cardinal): the seats that may be
 * chosen, and the action for a chosen set, if it is legal.
 * @param {ParsedAction[]} actions
 * @returns {SeatSets}
 */
export function seatSets(actions) {
  const seats = [...new Set(actions.flatMap((a) => a.args))].map(Number).sort((a, b) => a - b);
  /** @param {number[]} chosen */
  const actionFor = (chosen) => {
    const key = [...chosen].sort((a, b) => a - b).join(" ");
    const found = actions.find((a) => a.args.join(" ") === key);
    return found ? found.text : null;
  };
  return { seats, actionFor, sizes: [...new Set(actions.map((a) => a.args.length))] };
}

/**
 * Cards of the hand that no legal action plays now (the Countess rule, R21).
 * @param {string[]} hand
 * @param {string[]} legal
 * @returns {string[]}
 */
export function blockedCards(hand, legal) {
  const playable = new Set(legal.map((text) => parseAction(text).word));
  return hand.filter((card) => !playable.has(card));
}

/**
 * The word of the actions a decision is among: the step under way (the Chancellor's
 * keep, the Cardinal's look), else the card chosen.
 * @param {View["phase"]} phase
 * @param {string | null} chosen
 * @returns {string | null}
 */
export function stepWord(phase, chosen) {
  if (phase === "chancellor") return "keep";
  if (phase === "cardinal") return "look";
  return chosen;
}

/**
 * Where the choice stands among the `legal` actions: the card chosen (`word`) and the
 * arguments picked after it; null before a card is chosen.
 * @param {View["phase"]} phase
 * @param {CardChoices} cards
 * @param {{word: string | null, picks: string[]}} choice
 * @param {string[]} legal
 * @returns {Step | null}
 */
export function choiceStep(phase, cards, choice, legal) {
  const word = stepWord(phase, choice.word);
  const actions = word === null ? undefined : byWord(legal).get(word);
  if (word === null || !actions) return null;
  if (cards.choosesSeatSet(word) && actions.some((a) => a.args.length)) {
    return { word, actions, multi: seatSets(actions) };
  }
  return { word, actions, picks: choice.picks, ...nextStep(actions, choice.picks) };
}
