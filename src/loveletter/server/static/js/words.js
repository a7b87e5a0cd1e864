// @ts-check
// Cards in sentences: a sentence names a card by its phrase (the name with its article,
// as the server's grammar layer gives it: "the Guard", "la Servante", "l'Espionne"),
// never by its bare name, which stays on card faces, chips and headings. A French
// template joins the article to the word before it ({du:card}, {au:card} in i18n.js:
// "du Garde", "aux Conseillers", "de l'Espionne") and capitalizes it at the start of a
// sentence ({cap:card}).

import { cardChip } from "./cards.js";
import { contract, lang } from "./i18n.js";

/** @typedef {import("./cards.js").Deck} Deck */
/** @typedef {import("./i18n.js").Part} Part */
/** How a sentence takes the card: as it is, after "de", after "à". @typedef {"plain" | "de" | "à"} Case */

/**
 * A card's phrase cut in two: the words before its name (its article), and its name
 * as its chip shows it. The phrase may end with the name's first words only ("le
 * Prêtre" for "Prêtre (Tomas)"); a phrase that is the name with another capital ("the
 * King's Advisors" for "The King's Advisors") has nothing before it.
 * @param {string} name
 * @param {string} phrase
 * @returns {{ before: string, name: string }}
 */
export function phraseParts(name, phrase) {
  const words = phrase.split(" ");
  for (let k = 0; k < words.length; k++) {
    const tail = words.slice(k).join(" ");
    if (tail.toLowerCase() === name.toLowerCase()) return { before: k ? `${words.slice(0, k).join(" ")} ` : "", name };
    if (name.startsWith(`${tail} `) || name.startsWith(`${tail}(`)) return { before: k ? `${words.slice(0, k).join(" ")} ` : "", name };
  }
  // Elided articles stay joined to their word: "l'Espionne".
  const elided = phrase.match(/^(\S*')(.*)$/);
  if (elided && (elided[2] === name || name.startsWith(`${elided[2]} `))) return { before: elided[1], name };
  return { before: "", name };
}

/**
 * A card as a sentence says it, in words only: "the Priest"; in French after "de" or
 * "à": "du Garde", "à la Baronne".
 * @param {Deck} deck
 * @param {string} id
 * @param {Case} [grammarCase]
 */
export function cardPhrase(deck, id, grammarCase = "plain") {
  const card = deck.card(id);
  const phrase = card.phrase || card.name;
  if (grammarCase === "plain" || lang() !== "fr") return phrase;
  return [contract(grammarCase, phrase)].flat().join("");
}

/**
 * A card as a sentence says it, its name drawn as a chip: ["the ", chip].
 * @param {Deck} deck
 * @param {string} id
 * @param {{ class?: string }} [options]
 * @returns {Part[]}
 */
export function cardWords(deck, id, options = {}) {
  const card = deck.card(id);
  const { before } = phraseParts(card.name, card.phrase || card.name);
  const chip = cardChip(deck, id, options.class ? { class: options.class } : {});
  return before ? [before, chip] : [chip];
}

/**
 * Cards listed as a sentence lists them, each with its article: "the Guard, the
 * Baron and the Prince".
 * @param {Deck} deck
 * @param {string[]} ids
 * @param {{ class?: string }} [options]
 * @returns {Part[]}
 */
export function cardList(deck, ids, options = {}) {
  const and = lang() === "fr" ? " et " : " and ";
  return ids.flatMap((id, i) => [...(i === 0 ? [] : [i === ids.length - 1 ? and : ", "]), ...cardWords(deck, id, options)]);
}
