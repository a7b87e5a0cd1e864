// @ts-check
// What just happened (static/js/moves.js, and its use by state.js): the plays of a
// round with their outcomes, the private results a seat is shown, the hands the end of
// a round turns face up; fed with the conversations captured from a real server.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";

import { Deck } from "../../src/loveletter/server/static/js/cards.js";
import { lastMove, movesOf, privateResults, revealedHands, unseenCounts } from "../../src/loveletter/server/static/js/moves.js";
import { initialState, reduce } from "../../src/loveletter/server/static/js/state.js";

/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").StateMessage} StateMessage */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").View} View */
/** @typedef {import("../../src/loveletter/server/static/js/state.js").TableState} TableState */

/**
 * The state messages of a fixture, in order.
 * @param {string} name
 * @returns {StateMessage[]}
 */
function states(name) {
  /** @type {{received?: {type: string}}[]} */
  const entries = JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8"));
  return /** @type {StateMessage[]} */ (entries.flatMap((entry) => (entry.received && entry.received.type === "state" ? [entry.received] : [])));
}

/** @type {import("../../src/loveletter/server/static/js/protocol.js").EditionInfo[]} */
const editions = JSON.parse(readFileSync(new URL("fixtures/editions.json", import.meta.url), "utf8"));
/** The 2019 deck for three players, as the server's catalogue tells it. */
const cards = new Deck(editions.find((edition) => edition.id === "2019") ?? editions[0], 3);

const seat = states("seat.json");
/** @type {View[]} */
const views = seat.flatMap((message) => (message.view ? [message.view] : []));

/**
 * A view of the game made up from a real one, with other events.
 * @param {View} view
 * @param {View["events"]} events
 * @returns {View}
 */
const withEvents = (view, events) => ({ ...view, events });

describe("the plays of a round", () => {
  test("every play event is a move, in order, and the last one is the round's last play", () => {
    for (const view of views) {
      const plays = view.events.filter((event) => event.type === "play");
      const moves = movesOf(view, cards);
      assert.deepEqual(moves.map((move) => view.events[move.index]), plays);
      assert.equal(lastMove(view, cards)?.index, moves.at(-1)?.index);
    }
  });

  test("a Guard's hit puts its target out, showing the card it held; a miss leaves it safe", () => {
    const view = views[0];
    const hit = withEvents(view, [
      { type: "turn", seat: 1, card: null },
      { type: "play", seat: 1, action: "guard 0 priest", card: "guard", targets: [0], guess: "priest" },
      { type: "guard", seat: 1, target: 0, guess: "priest", hit: true },
      { type: "out", seat: 0, cards: ["priest"] },
      { type: "turn", seat: 2, card: null },
      { type: "play", seat: 2, action: "guard 1 king", card: "guard", targets: [1], guess: "king" },
      { type: "guard", seat: 2, target: 1, guess: "king", hit: false },
    ]);
    const [first, second] = movesOf(hit, cards);
    assert.deepEqual(first.outcomes, [{ seat: 0, kind: "out", card: "priest" }]);
    assert.deepEqual(second.outcomes, [{ seat: 1, kind: "safe", card: null }]);
  });

  test("a Prince on a Princess: discarded, then out with the Princess; a trade touches both; the Handmaid protects", () => {
    const view = views[0];
    const moves = movesOf(
      withEvents(view, [
        { type: "play", seat: 0, action: "prince 1", card: "prince", targets: [1], guess: null },
        { type: "discard", seat: 1, card: "princess", cause: "prince" },
        { type: "out", seat: 1, cards: ["princess"] },
        { type: "play", seat: 2, action: "king 0", card: "king", targets: [0], guess: null },
        { type: "trade", seat: 2, first: 2, second: 0, first_card: null, second_card: null },
        { type: "play", seat: 0, action: "handmaid", card: "handmaid", targets: [], guess: null },
      ]),
      cards,
    );
    assert.deepEqual(
      moves.map((move) => move.outcomes),
      [
        [{ seat: 1, kind: "out", card: "princess" }],
        [
          { seat: 2, kind: "traded", card: null },
          { seat: 0, kind: "traded", card: null },
        ],
        [{ seat: 0, kind: "protected", card: null }],
      ],
    );
  });
});

describe("private results", () => {
  test("the seat's own looks and draws, never another seat's, never a hidden card", () => {
    for (const view of views) {
      for (const event of privateResults(view, 0)) {
        assert.ok(event.type === "look" || event.type === "compare" || event.type === "trade" || event.type === "chancellor_draw");
        assert.ok(!("card" in event) || event.card !== null);
      }
      // What seat 0 was shown of another seat's results: only those it took part in.
      for (const event of privateResults(view, 1)) {
        const parties = event.type === "trade" ? [event.first, event.second] : event.type === "compare" ? [event.seat, event.target] : [];
        assert.ok(parties.includes(0) && parties.includes(1));
      }
    }
    const looked = views.find((view) => view.events.some((event) => event.type === "look"));
    assert.ok(looked);
    assert.ok(privateResults(looked, 0).some((event) => event.type === "look"));
  });

  test("a new private result opens once, stays until dismissed, and a reload does not open it again", () => {
    const index = seat.findIndex((message) => message.view && privateResults(message.view, 0).some((event) => event.type === "look"));
    assert.ok(index > 0);
    /** @type {TableState} */
    let state = initialState();
    for (const message of seat.slice(0, index)) state = reduce(state, message);
    const before = state.overlays.length;
    state = reduce(state, seat[index]);
    const opened = state.overlays.slice(before);
    assert.ok(opened.some((overlay) => overlay.event.type === "look"));
    assert.equal(reduce(state, seat[index]).overlays.length, state.overlays.length, "the same state again opens nothing");
    for (const overlay of opened) state = reduce(state, { type: "dismiss", key: overlay.key });
    assert.equal(state.overlays.length, before);
    const reloaded = reduce(initialState(), seat[index]);
    assert.deepEqual(reloaded.overlays, []);
  });

  test("a new play flashes until its time is over; the first state of a page flashes nothing", () => {
    const index = seat.findIndex((message, i) => i > 0 && message.view && movesOf(message.view, cards).length > 0);
    let state = initialState();
    for (const message of seat.slice(0, index + 1)) state = reduce(state, message);
    assert.equal(reduce(initialState(), seat[index]).flash, null);
    const key = state.flash;
    assert.ok(key);
    assert.equal(reduce(state, { type: "flash_over", key: "0:0" }), state);
    assert.equal(reduce(state, { type: "flash_over", key }).flash, null);
  });
});

describe("the end of a round", () => {
  test("every other hand is turned face up and counted as seen; none while the round goes on", () => {
    const over = views.find((view) => view.phase === "round_over");
    assert.ok(over);
    const result = over.results.at(-1);
    assert.ok(result);
    const hands = revealedHands(over, 0);
    assert.ok(hands);
    assert.equal(hands["0"], undefined);
    const counts = unseenCounts(over, 0);
    for (const [seatKey, cards] of Object.entries(hands)) {
      assert.deepEqual(cards, result.hands[Number(seatKey)]);
      for (const card of cards) assert.ok(counts[card] < over.unseen[card] || over.unseen[card] === 0);
    }
    const playing = views.find((view) => view.phase === "play");
    assert.ok(playing);
    assert.equal(revealedHands(playing, 0), null);
    assert.deepEqual(unseenCounts(playing, 0), playing.unseen);
  });
});

describe("the log of the whole game", () => {
  test("finished rounds sent again on a new connection come first, in order", () => {
    const message = seat.find((item) => item.position && item.position.round === 2);
    assert.ok(message);
    const earlier = [{ round: 1, lines: ["Round 1 begins.", "Ana wins."] }];
    const state = reduce(initialState(), { ...message, earlier, log_reset: true });
    assert.deepEqual(
      state.log.map((entry) => entry.round),
      [1, 2],
    );
    assert.deepEqual(state.log[0].lines, earlier[0].lines);
  });
});
