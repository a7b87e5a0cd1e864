// @ts-check
// The short texts of the table (static/js/recent.js, panels.js, summary.js) name the
// cards as sentences do, with their articles (static/js/words.js): the last turns, the
// private results, the notes and the round summary are drawn for every card of every
// edition, in English and in French, and compared with golden files
// (tests/golden/web_short_texts.*.txt; UPDATE_GOLDEN=1 writes them again). No sentence
// may name a card without its article.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";

// A small document: enough for dom.js's h() to build elements and for these tests to
// read their text.
class FakeNode {
  /** @type {FakeNode[]} */
  childNodes = [];
  get lastChild() {
    return this.childNodes[this.childNodes.length - 1] ?? null;
  }
  /** @returns {string} */
  get textContent() {
    return this.childNodes.map((child) => child.textContent).join("");
  }
}
class FakeText extends FakeNode {
  /** @param {string} data */
  constructor(data) {
    super();
    this.data = data;
  }
  get textContent() {
    return this.data;
  }
}
class FakeElement extends FakeNode {
  /** @param {string} tag */
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    this.className = "";
    /** @type {Record<string, string>} */
    this.attributes = {};
  }
  /** @param {string} name @param {string} value */
  setAttribute(name, value) {
    this.attributes[name] = value;
  }
  /** @param {string} name */
  getAttribute(name) {
    return this.attributes[name] ?? null;
  }
  addEventListener() {}
  /** @param {...FakeNode} children */
  append(...children) {
    this.childNodes.push(...children);
  }
}
Object.assign(globalThis, {
  Node: FakeNode,
  document: {
    documentElement: {},
    createElement: (/** @type {string} */ tag) => new FakeElement(tag),
    createElementNS: (/** @type {string} */ _ns, /** @type {string} */ tag) => new FakeElement(tag),
    createTextNode: (/** @type {string} */ data) => new FakeText(data),
  },
});

const { Deck } = await import("../../src/loveletter/server/static/js/cards.js");
const { setLang } = await import("../../src/loveletter/server/static/js/i18n.js");
const { recentStrip, privatePanel } = await import("../../src/loveletter/server/static/js/recent.js");
const { tabPanel } = await import("../../src/loveletter/server/static/js/panels.js");
const { roundSummary } = await import("../../src/loveletter/server/static/js/summary.js");
const { phraseParts } = await import("../../src/loveletter/server/static/js/words.js");

const ROOT = new URL("../../", import.meta.url);
const PLAYERS = ["Ana", "Bruno", "Chloé"];
/** The sentences of a drawn view: their classes. */
const SENTENCES = ["recent-words", "recent-outcome", "private-text", "note-text", "lead", "badge"];

/**
 * A drawn element's text as a reader reads it: a chip is its card's name.
 * @param {any} node
 * @returns {string}
 */
function text(node) {
  if (node instanceof FakeText) return node.data;
  if (String(node.className).split(" ").includes("chip")) return node.childNodes.map(text).join("").replace(/^\d+/, "");
  return node.childNodes.map(text).join("");
}

/**
 * The sentences of a drawn element, in order.
 * @param {any} node
 * @returns {string[]}
 */
function sentences(node) {
  if (node instanceof FakeText) return [];
  if (String(node.className).split(" ").some((name) => SENTENCES.includes(name))) return [text(node).replace(/[ \t\n]+/g, " ").trim()];
  return node.childNodes.flatMap(sentences);
}

/**
 * @param {any} deck
 * @param {number} me
 * @param {any[]} events
 */
function ctxOf(deck, me, events) {
  const view = { players: PLAYERS, round: 1, events, tokens: [0, 1, 2], tokens_to_win: 4, seats: [] };
  return /** @type {any} */ ({ view, deck, me, table: null, previous: null, review: null, move: null, flash: false, clockOffset: 0 });
}

/**
 * Every short text for every card of the edition's deck of `players`.
 * @param {any} edition
 * @param {number} players
 * @returns {{ lines: string[], deck: any }}
 */
function render(edition, players) {
  const deck = new Deck(edition, players);
  const ids = deck.cards.map((/** @type {any} */ card) => card.id);
  /** @type {string[]} */
  const lines = [`## ${edition.id}, ${players} players`];
  ids.forEach((/** @type {string} */ id, /** @type {number} */ i) => {
    const next = ids[(i + 1) % ids.length];
    const third = ids[(i + 2) % ids.length];
    const chooses = deck.choosesPlayers(id);
    const play = (/** @type {number} */ seat, /** @type {number[]} */ targets) => ({ type: "play", seat, card: id, targets, guess: null, action: "" });
    const strip = ctxOf(deck, 0, [
      { type: "round", number: 1, first: 1, face_up: [] },
      { type: "turn", seat: 1, card: null },
      play(1, chooses ? [0] : []),
      { type: "discard", seat: 0, card: next },
      { type: "turn", seat: 2, card: null },
      play(2, chooses ? [1] : []),
      { type: "out", seat: 1, cards: [third] },
      { type: "turn", seat: 0, card: null },
      play(0, chooses ? [2] : []),
      { type: "discard", seat: 2, card: third },
      { type: "turn", seat: 2, card: null },
      play(2, chooses ? [0] : []),
      { type: "out", seat: 0, cards: [next] },
    ]);
    /** @type {any[]} */
    const events = [
      { type: "look", seat: 0, target: 1, card: id },
      { type: "compare", seat: 0, target: 2, seat_card: id, target_card: next, loser: 2 },
      { type: "compare", seat: 1, target: 0, seat_card: next, target_card: id, loser: 0 },
      { type: "compare", seat: 0, target: 1, seat_card: id, target_card: id, loser: null },
      { type: "trade", first: 0, second: 1, first_card: id, second_card: next },
      { type: "chancellor_draw", seat: 0, cards: [id, next, third] },
    ];
    const priv = ctxOf(deck, 0, []);
    const overlays = events.map((event, key) => ({ key: String(key), event }));
    const notes = { 1: [...events, { type: "chancellor_return", seat: 0, cards: [next, id] }].map((event, turn) => ({ turn: turn + 1, event })) };
    const result = {
      round: 1,
      winners: i % 3 === 2 ? [0, 1] : [0],
      ending: ["showdown", "last_standing", "showdown"][i % 3],
      hands: [[id], i % 3 === 1 ? [] : [next], []],
      bonuses: [],
      tokens: [1, i % 3 === 2 ? 1 : 0, 0],
      set_aside: third,
    };
    lines.push(
      `# ${id}`,
      ...sentences(recentStrip(strip)),
      ...sentences(privatePanel(priv, overlays, () => {})),
      ...sentences(tabPanel(priv, { tab: "notes", log: [], notes })),
      ...sentences(roundSummary(priv, /** @type {any} */ (result))),
    );
  });
  return { lines, deck };
}

/** French articles as "de" and "à" join them, and at a sentence's start. */
const JOINED = { "le ": ["du ", "au ", "Le "], "la ": ["de la ", "à la ", "La "], "les ": ["des ", "aux ", "Les "], "l'": ["de l'", "à l'", "L'"], "the ": ["The "] };

/**
 * Every card named in a sentence is named by its phrase: its name comes right after
 * its article (or a French preposition joined to it).
 * @param {string} line
 * @param {any} deck
 * @returns {string[]}  the cards named bare
 */
function bareNames(line, deck) {
  const bare = [];
  for (const card of deck.cards) {
    const { before } = phraseParts(card.name, card.phrase);
    if (!before) continue;
    const forms = [before, ...(JOINED[/** @type {keyof typeof JOINED} */ (before)] ?? [])];
    let at = line.indexOf(card.name);
    while (at >= 0) {
      const boundary = !/[\p{L}]/u.test(line.slice(at + card.name.length, at + card.name.length + 1));
      if (boundary && !forms.some((form) => line.slice(0, at).endsWith(form))) bare.push(card.name);
      at = line.indexOf(card.name, at + 1);
    }
  }
  return bare;
}

for (const lang of ["en", "fr"]) {
  test(`the table's short texts in ${lang} name every card with its article`, () => {
    setLang(lang);
    const editions = JSON.parse(readFileSync(new URL(`tests/js/fixtures/editions.${lang}.json`, ROOT), "utf8"));
    /** @type {string[]} */
    const lines = [];
    for (const edition of editions) {
      for (const deck of edition.decks) {
        const { lines: drawn, deck: cards } = render(edition, deck.players[0]);
        for (const line of drawn) {
          assert.deepEqual(bareNames(line, cards), [], `a card named without its article: ${line}`);
          if (lang === "fr") assert.doesNotMatch(line, / [:;?!]|[^\u00a0\u202f][:;?!](?:\s|$)/, `French punctuation: ${line}`);
        }
        lines.push(...drawn);
      }
    }
    const golden = new URL(`tests/golden/web_short_texts.${lang}.txt`, ROOT);
    const drawn = `${lines.join("\n")}\n`;
    if (process.env.UPDATE_GOLDEN) writeFileSync(golden, drawn);
    assert.equal(drawn, readFileSync(golden, "utf8"));
  });
}

test("French joins a card's article to 'de' and 'à', and capitalizes it at a sentence's start", async () => {
  const { contract, capital, t } = await import("../../src/loveletter/server/static/js/i18n.js");
  setLang("fr");
  assert.equal(contract("de", "le Garde"), "du Garde");
  assert.equal(contract("de", "les Conseillers du roi"), "des Conseillers du roi");
  assert.equal(contract("de", "la Baronne"), "de la Baronne");
  assert.equal(contract("de", "l'Espionne"), "de l'Espionne");
  assert.equal(contract("de", "Oliver le dragon"), "d'Oliver le dragon");
  assert.equal(contract("de", "Claire l'espionne"), "de Claire l'espionne");
  assert.equal(contract("à", "le Garde"), "au Garde");
  assert.equal(contract("à", "les Conseillers du roi"), "aux Conseillers du roi");
  assert.equal(contract("à", "l'Évêque"), "à l'Évêque");
  assert.equal(capital("le Flagorneur"), "Le Flagorneur");
  assert.equal(t("badge_jester", { card: "le Bouffon" }), "a le jeton du Bouffon");
  assert.equal(t("sycophant_note", { card: "le Flagorneur", name: "Ana" }), "Le Flagorneur a désigné Ana\u00a0: votre carte doit viser Ana.");
  setLang("en");
  assert.equal(t("badge_jester", { card: "the Jester" }), "holds the Jester's token");
  assert.equal(t("sycophant_note", { card: "the Sycophant", name: "Ana" }), "The Sycophant chose Ana: your card must target Ana.");
  assert.equal(t("name_card", { card: "the Guard" }), "Name a card (not the Guard)");
});
