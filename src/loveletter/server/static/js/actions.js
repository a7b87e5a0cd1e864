// Legal actions in notation (docs/notation.md) turned into the choices a player makes.
// Pure functions: the UI only ever offers what view.legal_actions allows.

/** "guard 2 priest" -> {text, word: "guard", args: ["2", "priest"]} */
export function parseAction(text) {
  const [word, ...args] = text.split(" ");
  return { text, word, args };
}

/** The legal actions grouped by their first word (the card played, or the step). */
export function byWord(legal) {
  const groups = new Map();
  for (const action of legal.map(parseAction)) {
    if (!groups.has(action.word)) groups.set(action.word, []);
    groups.get(action.word).push(action);
  }
  return groups;
}

/**
 * What to ask next among `actions` (all of one word) after the arguments `picks`:
 * {done: text} when the picks name exactly one action; else {index, options, final},
 * options being the distinct next arguments and final whether any of them completes
 * an action.
 */
export function nextStep(actions, picks) {
  const matching = actions.filter((a) => picks.every((pick, i) => a.args[i] === pick));
  const complete = matching.find((a) => a.args.length === picks.length);
  if (complete && matching.length === 1) return { done: complete.text };
  const index = picks.length;
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
 */
export function seatSets(actions) {
  const seats = [...new Set(actions.flatMap((a) => a.args))].map(Number).sort((a, b) => a - b);
  const actionFor = (chosen) => {
    const key = [...chosen].sort((a, b) => a - b).join(" ");
    const found = actions.find((a) => a.args.join(" ") === key);
    return found ? found.text : null;
  };
  return { seats, actionFor, sizes: [...new Set(actions.map((a) => a.args.length))] };
}

/** Cards of the hand that no legal action plays now (the Countess rule, R21). */
export function blockedCards(hand, legal) {
  const playable = new Set(legal.map((text) => parseAction(text).word));
  return hand.filter((card) => !playable.has(card));
}
