// @ts-check
// The interface's words (static/js/i18n.js): English and French say the same things with
// the same fields, a list of elements reads as a sentence, and a play in the "last
// turns" strip (static/js/recent.js) names each player once.

import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { CATALOGUE, listNames, listParts, setLang, t } from "../../src/loveletter/server/static/js/i18n.js";
import { playWords } from "../../src/loveletter/server/static/js/recent.js";

// setLang marks the page's language on its root element.
Object.assign(globalThis, { document: { documentElement: {} } });

/**
 * The fields a template fills in: "{name}", the count of a plural "{n|token|tokens}",
 * the name of an elision "{de:name}".
 * @param {string} text
 * @returns {string[]}
 */
function fields(text) {
  const names = [...text.matchAll(/\{([^{}]+)\}/g)].map(([, inner]) => inner.replace(/^(?:de|que|du|au|cap):/, "").split("|")[0]);
  return [...new Set(names)].sort();
}

test("English and French have the same keys, each with the same fields", () => {
  // A key missing in French would show its English words; a field missing in one
  // language would show its braces.
  assert.deepEqual(Object.keys(CATALOGUE.fr).sort(), Object.keys(CATALOGUE.en).sort());
  for (const [key, english] of Object.entries(CATALOGUE.en)) {
    assert.deepEqual(fields(CATALOGUE.fr[key]), fields(english), key);
  }
});

test("elements are listed with commas and the word for 'and'", () => {
  setLang("en");
  assert.deepEqual(listParts(["Princess", "Spy"]), ["Princess", " and ", "Spy"]);
  assert.deepEqual(listParts(["a", "b", "c"]), ["a", ", ", "b", " and ", "c"]);
  assert.deepEqual(listParts(["alone"]), ["alone"]);
  setLang("fr");
  assert.deepEqual(listParts(["Princesse", "Espionne"]), ["Princesse", " et ", "Espionne"]);
  setLang("en");
});

test("a player sent to watch is told so in words that fit anyone", () => {
  setLang("fr");
  for (const key of ["err_removed", "err_bad_token"]) {
    assert.match(t(key), /\u00a0: vous regardez la partie\.$/);
  }
  setLang("en");
  assert.match(t("err_removed"), /: you are watching\.$/);
});

describe("a play in the 'last turns' strip", () => {
  /**
   * The strip's words for a play of `card` by seat `seat` choosing `targets`, as seat
   * `me` reads them (players Ana, Bruno, Chloé; "you" for `me`).
   * @param {number} seat
   * @param {string} card
   * @param {number[]} targets
   * @param {number | null} me
   */
  const words = (seat, card, targets, me) => {
    const players = ["Ana", "Bruno", "Chloé"];
    const name = (/** @type {number} */ other) => (other === me ? t("recent_you") : players[other]);
    const move = { index: 0, seat, card, targets, guess: null, outcomes: [] };
    const { key, targets: named } = playWords(move, me);
    return t(key, { name: name(seat), card: card === "prince" ? "Prince" : card, targets: listNames(named.map(name)) });
  };

  test("a player who chose themselves is not named twice, in English and in French", () => {
    setLang("en");
    assert.equal(words(1, "prince", [1], null), "Bruno played Prince on their own hand");
    assert.equal(words(1, "prince", [1], 1), "You played Prince on your own hand");
    assert.equal(words(1, "prince", [0], 0), "Bruno played Prince on you");
    assert.equal(words(2, "Sycophant", [2], null), "Chloé played Sycophant, choosing themselves");
    assert.equal(words(2, "Sycophant", [2], 2), "You played Sycophant, choosing yourself");
    assert.equal(words(0, "Cardinal", [0, 2], null), "Ana played Cardinal and traded hands with Chloé");
    assert.equal(words(0, "Cardinal", [2, 0], 0), "You played Cardinal and traded hands with Chloé");
    assert.equal(words(0, "Cardinal", [1, 2], 2), "Ana played Cardinal on Bruno and you");
    assert.equal(words(0, "Handmaid", [], 0), "You played Handmaid");
    setLang("fr");
    assert.equal(words(1, "prince", [1], null), "Bruno a joué Prince sur sa propre main");
    assert.equal(words(1, "prince", [1], 1), "Vous avez joué Prince sur votre propre main");
    assert.equal(words(2, "Flagorneur", [2], null), "Chloé a joué Flagorneur en se choisissant");
    assert.equal(words(2, "Flagorneur", [2], 2), "Vous avez joué Flagorneur en vous choisissant");
    assert.equal(words(0, "Cardinal", [0, 2], null), "Ana a joué Cardinal et échangé sa main avec Chloé");
    assert.equal(words(0, "Cardinal", [0, 2], 0), "Vous avez joué Cardinal et échangé votre main avec Chloé");
    assert.equal(words(0, "Cardinal", [1, 2], null), "Ana a joué Cardinal sur Bruno et Chloé");
    setLang("en");
  });
});

test("every key of the catalogue is used by a module of the page", () => {
  // A key no module asks for is dead text: one more to translate and keep true for
  // nothing. A key is asked for by its name in quotes, or by a template's prefix
  // (t(`reply_${word}`) asks for every key that starts with "reply_").
  const folder = new URL("../../src/loveletter/server/static/js/", import.meta.url);
  const sources = readdirSync(folder)
    .filter((name) => name.endsWith(".js") && name !== "i18n.js")
    .map((name) => readFileSync(new URL(name, folder), "utf8"));
  const ownCode = readFileSync(new URL("i18n.js", folder), "utf8").split("export const LANGS")[1];
  const code = [...sources, ownCode].join("\n");
  const prefixes = [...code.matchAll(/`([a-z_]+)\$\{/g)].map(([, prefix]) => prefix);
  const unused = Object.keys(CATALOGUE.en).filter(
    (key) => !code.includes(`"${key}"`) && !prefixes.some((prefix) => key.startsWith(prefix)),
  );
  assert.deepEqual(unused, []);
});
