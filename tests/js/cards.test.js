// @ts-check
// A card the page has never heard of: everything about how it is played comes from
// the catalogue (/api/editions), so a new card of a made-up edition is offered the
// right choices, its play on nobody is told as having no effect, and it is drawn with
// a generic emblem (static/js/cards.js, actions.js, moves.js).

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { choiceStep } from "../../src/loveletter/server/static/js/actions.js";
import { Deck, emblemShapes } from "../../src/loveletter/server/static/js/cards.js";
import { movesOf } from "../../src/loveletter/server/static/js/moves.js";

/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").CardInfo} CardInfo */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").View} View */

/**
 * A card of the made-up edition.
 * @param {string} id
 * @param {number} value
 * @param {Pick<CardInfo, "chooses" | "seats" | "names">} how
 * @returns {CardInfo}
 */
const card = (id, value, how) => ({ id, value, count: 1, name: id.toUpperCase(), phrase: `the ${id}`, effect: `The ${id}.`, step: null, ...how });

const deck = new Deck(
  {
    id: "made-up",
    name: "Made up",
    players: [2, 4],
    tokens_to_win: { 2: 5, 3: 4, 4: 3 },
    decks: [
      {
        players: [2, 4],
        guard_names_value: false,
        playing_cards: [],
        cards: [
          card("lantern", 1, { chooses: "nobody", seats: [], names: null }),
          card("herald", 2, { chooses: "other", seats: [1], names: null }),
          card("oracle", 3, { chooses: "other", seats: [1], names: "value" }),
          card("twins", 4, { chooses: "two", seats: [2], names: null }),
        ],
      },
    ],
  },
  3,
);

describe("a new card is offered the choices its actions and the catalogue say", () => {
  const legal = ["lantern", "herald 1", "herald 2", "oracle 1 2", "oracle 1 4", "oracle 2 2", "twins 0 1", "twins 0 2", "twins 1 2"];

  test("a card choosing one player: its targets first", () => {
    const step = choiceStep("play", deck, { word: "herald", picks: [] }, legal);
    assert.ok(step && !step.multi);
    assert.deepEqual([step.index, step.options], [0, ["1", "2"]]);
    const chosen = choiceStep("play", deck, { word: "herald", picks: ["2"] }, legal);
    assert.ok(chosen && !chosen.multi);
    assert.equal(chosen.done, "herald 2");
  });

  test("a card naming a value: the target, then the values it may name", () => {
    assert.ok(deck.namesValue("oracle"));
    const step = choiceStep("play", deck, { word: "oracle", picks: ["1"] }, legal);
    assert.ok(step && !step.multi);
    assert.deepEqual(step.options, ["2", "4"]);
  });

  test("a card choosing two players: the seats together, played once the set is legal", () => {
    const step = choiceStep("play", deck, { word: "twins", picks: [] }, legal);
    assert.ok(step && step.multi);
    assert.deepEqual(step.multi.seats, [0, 1, 2]);
    assert.equal(step.multi.actionFor([2, 1]), "twins 1 2");
    assert.equal(step.multi.actionFor([0]), null);
  });

  test("a card choosing nobody is played as it is", () => {
    const step = choiceStep("play", deck, { word: "lantern", picks: [] }, legal);
    assert.ok(step && !step.multi);
    assert.equal(step.done, "lantern");
  });
});

test("a new card that chooses players, played on nobody, has no effect; one that chooses nobody is just played", () => {
  /** @type {View["events"]} */
  const events = [
    { type: "turn", seat: 0, card: null },
    { type: "play", seat: 0, action: "herald", card: "herald", targets: [], guess: null },
    { type: "turn", seat: 1, card: null },
    { type: "play", seat: 1, action: "lantern", card: "lantern", targets: [], guess: null },
  ];
  const view = /** @type {View} */ ({ events });
  assert.deepEqual(
    movesOf(view, deck).map((move) => move.outcomes),
    [[{ seat: 0, kind: "no_effect", card: null }], []],
  );
});

test("a card with no emblem of its own gets the generic one; a known card keeps its own", () => {
  assert.deepEqual(emblemShapes("herald"), emblemShapes("twins"));
  assert.notDeepEqual(emblemShapes("guard"), emblemShapes("herald"));
  assert.ok(emblemShapes("herald").length > 0);
});

test("a card the deck does not hold is told by its id rather than breaking the page", () => {
  assert.deepEqual([deck.name("stranger"), deck.choosesPlayers("stranger"), deck.namesValue("stranger")], ["stranger", false, false]);
});
