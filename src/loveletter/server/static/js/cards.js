// @ts-check
// Cards: names, effects and how each is played, from the server's catalogue (per
// edition, player count and language: /api/editions), drawn with our own CSS and SVG
// emblems. A card the page has no emblem for gets a generic one: nothing here needs a
// new card named for it to be played.

import { api } from "./api.js";
import { h, svg } from "./dom.js";

/** @typedef {import("./protocol.js").CardInfo} CardInfo */
/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */

/** The cards of one game: its edition's deck for that many players, in one language. */
export class Deck {
  /**
   * @param {EditionInfo} edition
   * @param {number} players
   */
  constructor(edition, players) {
    const deck = edition.decks.find((d) => d.players[0] <= players && players <= d.players[1]) || edition.decks[0];
    this.edition = edition;
    this.cards = deck.cards;
    /** @type {Map<string, CardInfo>} */
    this.byId = new Map(deck.cards.map((card) => [card.id, card]));
  }

  /**
   * A card of the deck; one it does not hold (a name in an old record) is told by its id.
   * @param {string} id
   * @returns {CardInfo}
   */
  card(id) {
    return this.byId.get(id) || { id, value: 0, count: 0, name: id, phrase: id, effect: "", chooses: "nobody", seats: [], names: null, step: null };
  }

  /** @param {string} id */
  name(id) {
    return this.card(id).name;
  }

  /**
   * Whether playing the card chooses players (played alone, it has no effect: R11).
   * @param {string} id
   */
  choosesPlayers(id) {
    return this.card(id).seats.length > 0;
  }

  /**
   * Whether the card chooses a set of seats at once (the Baroness, the Cardinal).
   * @param {string} id
   */
  choosesSeatSet(id) {
    return this.card(id).seats.includes(2);
  }

  /**
   * Whether the card names a value (the Bishop; the Guard in Premium's large game).
   * @param {string} id
   */
  namesValue(id) {
    return this.card(id).names === "value";
  }

  /**
   * The cards of a value (Premium's Guard and Bishop name values).
   * @param {string | number} value
   */
  withValue(value) {
    return this.cards.filter((card) => card.value === Number(value));
  }
}

/**
 * The deck of an edition for `players` players, in `lang`.
 * @param {string} lang
 * @param {string} editionId
 * @param {number} players
 * @returns {Promise<Deck>}
 */
export async function loadDeck(lang, editionId, players) {
  const editions = await api.editions(lang);
  const edition = editions.find((e) => e.id === editionId) || editions[0];
  return new Deck(edition, players);
}

// ------------------------------------------------------------------ emblems

/** One shape of an emblem: an SVG tag and its attributes. @typedef {[string, Record<string, string | number>]} Shape */

const STROKE = { fill: "none", stroke: "currentColor", "stroke-width": 1.6 };
const SOLID = { fill: "currentColor" };
const round = { "stroke-linecap": "round", "stroke-linejoin": "round" };

/**
 * @param {string} d
 * @param {Record<string, string | number>} [attrs]
 * @returns {Shape}
 */
const p = (d, attrs = STROKE) => ["path", { d, ...round, ...attrs }];
/**
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {Record<string, string | number>} [attrs]
 * @returns {Shape}
 */
const c = (cx, cy, r, attrs = STROKE) => ["circle", { cx, cy, r, ...attrs }];

/**
 * One small drawing per card id, in a 24×24 box.
 * @type {Record<string, () => Shape[]>}
 */
const EMBLEMS = {
  spy: () => [
    p("M2.5 10.5c2.5-2.2 6.5-2.2 9.5 0 3-2.2 7-2.2 9.5 0-.6 4.6-4.6 6-7 3.6-1.4-1.2-3.6-1.2-5 0-2.4 2.4-6.4 1-7-3.6z", SOLID),
    c(7.4, 11.6, 1.4, { fill: "var(--card-bg)" }),
    c(16.6, 11.6, 1.4, { fill: "var(--card-bg)" }),
  ],
  guard: () => [
    p("M12 2.8l7.5 3v5.4c0 5-3.3 8.4-7.5 10-4.2-1.6-7.5-5-7.5-10V5.8z"),
    p("M12 7v10M7.8 11h8.4"),
  ],
  priest: () => [p("M2 12s3.8-6 10-6 10 6 10 6-3.8 6-10 6-10-6-10-6z"), c(12, 12, 3, SOLID)],
  baron: () => [
    p("M12 4v15M6 19h12M4.5 7h15"),
    p("M4.5 7l-2.5 6h5zM19.5 7l-2.5 6h5z"),
    c(12, 4, 1.2, SOLID),
  ],
  handmaid: () => [
    c(12, 7.2, 3.4),
    c(12, 16.8, 3.4),
    c(7.2, 12, 3.4),
    c(16.8, 12, 3.4),
    c(12, 12, 2, SOLID),
  ],
  prince: () => [p("M5 17l-1-9 5 4 3-6 3 6 5-4-1 9z"), p("M5 20h14")],
  chancellor: () => [
    p("M7 4h11a2 2 0 010 4h-2v11a2 2 0 01-2 2H5a2 2 0 010-4h2z"),
    p("M10 9h3.5M10 12h3.5M10 15h3.5"),
  ],
  king: () => [
    p("M3.5 16.5L2.5 6l5 4.5L12 3l4.5 7.5 5-4.5-1 10.5z", SOLID),
    p("M3.5 19.5h17"),
  ],
  countess: () => [p("M6 3.5h12l4 5.5-10 12L2 9z"), p("M2 9h20M9 3.5L12 21l3-17.5")],
  princess: () => [
    p("M12 20.5C6 16.4 3 13.2 3 9.6 3 7 5 5 7.5 5c1.9 0 3.4 1 4.5 2.6C13.1 6 14.6 5 16.5 5 19 5 21 7 21 9.6c0 3.6-3 6.8-9 10.9z", SOLID),
  ],
  assassin: () => [p("M12 2.5l2.2 11H9.8z", SOLID), p("M7 14h10M12 14v6"), c(12, 21, 1)],
  jester: () => [
    p("M4 18c0-6 2-10 4-12 1 4 2 6 4 7 2-1 3-3 4-7 2 2 4 6 4 12z"),
    c(8, 5, 1.6, SOLID),
    c(16, 5, 1.6, SOLID),
    c(12, 11, 1.4, SOLID),
  ],
  cardinal: () => [p("M12 2.5v19M7 7.5h10M8.5 12h7")],
  baroness: () => [c(12, 9, 6), c(12, 9, 3.6, { fill: "currentColor", opacity: 0.35 }), p("M12 15v6.5M9.5 19h5")],
  sycophant: () => [p("M3 12h13M11 6.5l5.5 5.5-5.5 5.5"), c(20, 12, 1.8, SOLID)],
  count: () => [c(12, 12, 8.5), p("M12 7.5v9M7.5 12h9")],
  constable: () => [
    p("M12 2.5l2.6 4.6 5.3.1-2.7 4.6 2.7 4.6-5.3.1L12 21.5l-2.6-5-5.3-.1 2.7-4.6-2.7-4.6 5.3-.1z"),
    c(12, 12, 2.4, SOLID),
  ],
  dowager_queen: () => [
    p("M4 17l-1-8 4.5 3L12 5l4.5 7 4.5-3-1 8z"),
    c(12, 12.5, 1.7, SOLID),
    p("M4 20.5h16"),
  ],
  bishop: () => [
    p("M12 2.5c3.5 2.6 5.5 6 5.5 9.5V21h-11v-9c0-3.5 2-6.9 5.5-9.5z"),
    p("M12 8v7M9.5 10.5h5"),
  ],
};

/**
 * The emblem of a card with no drawing of its own: a sealed letter.
 * @returns {Shape[]}
 */
const LETTER = () => [p("M3 6.5h18v11H3z"), p("M3 6.5l9 7 9-7"), c(12, 13.5, 2.2, SOLID)];

/**
 * The shapes of a card's emblem: its own, else the sealed letter.
 * @param {string} id
 * @returns {Shape[]}
 */
export function emblemShapes(id) {
  return Object.hasOwn(EMBLEMS, id) ? EMBLEMS[id]() : LETTER();
}

/**
 * The emblem of a card id, as an inline SVG (decorative).
 * @param {string} id
 */
export function emblem(id) {
  const shapes = emblemShapes(id).map(([tag, attrs]) => svg(tag, attrs));
  return svg("svg", { viewBox: "0 0 24 24", class: "emblem", "aria-hidden": "true" }, ...shapes);
}

/**
 * The hue of a card's value, 0 to 9, for its accent colour.
 * @param {number} value
 */
function accent(value) {
  const hues = [210, 200, 175, 140, 95, 40, 22, 350, 320, 275];
  const hue = hues[Math.max(0, Math.min(9, Number(value) || 0))];
  return `--hue: ${hue}`;
}

// ------------------------------------------------------------------ cards

/**
 * A whole card: value, name, emblem, effect (and how many the deck holds).
 * @param {Deck} deck
 * @param {string} id
 * @param {{count?: boolean}} [options]
 */
export function cardFace(deck, id, { count = true } = {}) {
  const card = deck.card(id);
  return h(
    "div",
    { class: "card", "data-card": id, style: accent(card.value) },
    h(
      "div",
      { class: "card-head" },
      h("span", { class: "card-value" }, String(card.value)),
      h("span", { class: "card-name" }, card.name),
    ),
    h("div", { class: "card-art" }, emblem(id)),
    h("p", { class: "card-effect" }, card.effect),
    count ? h("span", { class: "card-count" }, `×${card.count}`) : null,
  );
}

/**
 * A small card for piles and lists: value and name; the effect on hover, the whole
 * card on a tap, a click or Enter (cardinfo.js), unless `inert` (a chip inside a
 * button, which has its own click).
 */
/**
 * @param {Deck} deck
 * @param {string} id
 * @param {{inert?: boolean, class?: string}} [extra]
 */
export function cardChip(deck, id, extra = {}) {
  const card = deck.card(id);
  const live = !extra.inert;
  return h(
    "span",
    {
      class: `chip ${extra.class || ""}`.trim(),
      "data-card": id,
      "data-info": live ? id : null,
      role: live ? "button" : null,
      tabindex: live ? "0" : null,
      "aria-haspopup": live ? "dialog" : null,
      style: accent(card.value),
      title: `${card.value} · ${card.name} — ${card.effect}`,
    },
    h("b", { class: "chip-value" }, String(card.value)),
    h("span", { class: "chip-name" }, card.name),
  );
}

/**
 * The back of a card (a hidden hand, the deck).
 * @param {string | null} label
 * @param {string} [extra]
 */
export function cardBack(label, extra = "") {
  return h("span", { class: `card-back ${extra}`.trim(), role: label ? "img" : null, "aria-label": label || null });
}
