// @ts-check
// The browser table's state (static/js/state.js) fed with real conversations
// captured from the server (fixtures/, made by capture.py): a seat's whole game and
// rematch, a spectator's first round, and the refusals that end a connection.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { stillTrue } from "../../src/loveletter/server/static/js/moves.js";

import {
  choiceWord,
  chosenAction,
  gameOf,
  initialState,
  myTurn,
  reduce,
} from "../../src/loveletter/server/static/js/state.js";

/** @typedef {import("../../src/loveletter/server/static/js/state.js").TableState} TableState */
/** @typedef {import("../../src/loveletter/server/static/js/state.js").TableEvent} TableEvent */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").StateMessage} StateMessage */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").ErrorMessage} ErrorMessage */
/** @typedef {{type: string, id: number, [field: string]: unknown}} ClientMessage */
/** One line of a conversation: what the page sent, or what the server sent. @typedef {{sent: ClientMessage} | {received: ServerMessage}} Entry */

/**
 * A fixture, every message frozen: a reducer that changed one would throw.
 * @param {string} name
 * @returns {unknown}
 */
function fixture(name) {
  return deepFreeze(JSON.parse(readFileSync(new URL(`fixtures/${name}`, import.meta.url), "utf8")));
}

/**
 * @template T
 * @param {T} value
 * @returns {T}
 */
function deepFreeze(value) {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * The state's events as the page makes them from a conversation: the server's
 * messages, and `sent` for each action the page sent.
 * @param {Entry[]} entries
 * @returns {TableEvent[]}
 */
function events(entries) {
  /** @type {TableEvent[]} */
  const found = [];
  for (const entry of entries) {
    if ("received" in entry) found.push(entry.received);
    else if (entry.sent.type === "action") found.push({ type: "sent", id: entry.sent.id });
  }
  return found;
}

/**
 * Every state along the events, from `state` (each one frozen).
 * @param {TableEvent[]} list
 * @param {TableState} state
 * @returns {TableState[]}
 */
function run(list, state = initialState()) {
  const states = [];
  for (const event of list) {
    state = deepFreeze(reduce(state, event));
    states.push(state);
  }
  return states;
}

/** @param {TableEvent[]} list */
function last(list, state = initialState()) {
  return run(list, state).at(-1) ?? state;
}

/** @param {TableEvent} event @returns {event is StateMessage} */
const isState = (event) => event.type === "state";

const seat = events(/** @type {Entry[]} */ (fixture("seat.json")));
const seatStates = /** @type {StateMessage[]} */ (seat.filter(isState));
const spectator = events(/** @type {Entry[]} */ (fixture("spectator.json")));

/**
 * The events up to and including the state of this version (the first of them), and
 * that state.
 * @param {number} version
 * @param {TableEvent[]} list
 * @returns {[TableEvent[], StateMessage]}
 */
function upTo(version, list = seat) {
  const index = list.findIndex((event) => isState(event) && event.version === version);
  assert.ok(index >= 0, `no state of version ${version}`);
  return [list.slice(0, index + 1), /** @type {StateMessage} */ (list[index])];
}

/** @param {number} version */
const stateAt = (version) => last(upTo(version)[0]);

/** @param {TableState} state */
const viewOf = (state) => {
  assert.ok(state.message && state.message.view);
  return state.message.view;
};

describe("the server's states", () => {
  test("the latest state is kept, with its game: 0 in the lobby, then 1, then the rematch's 2", () => {
    assert.equal(gameOf(initialState()), null);
    const states = run(seat);
    const withMessage = states.filter((state) => state.message !== null);
    assert.deepEqual([...new Set(withMessage.map(gameOf))], [0, 1, 2]);
    assert.equal(states.at(-1)?.message, seatStates.at(-1));
  });

  test("the lobby has no log, no notes and nothing to choose", () => {
    const [, lobby] = upTo(1);
    const state = reduce(initialState(), lobby);
    assert.equal(state.message, lobby);
    assert.deepEqual(state.log, []);
    assert.deepEqual(state.notes, {});
    assert.equal(state.reviewed, null);
    assert.equal(myTurn(state), false);
  });

  test("the log keeps each round's lines in order", () => {
    const [list, over] = upTo(36);
    const state = last(list);
    assert.equal(over.view?.phase, "game_over");
    assert.deepEqual(
      state.log.map((entry) => entry.round),
      [1, 2],
    );
    const round2 = seatStates.filter((message) => message.position?.game === 1 && message.position.round === 2);
    assert.ok(round2[0].log_reset);
    assert.deepEqual(
      state.log[1].lines,
      round2.flatMap((message) => message.log),
    );
  });

  test("a language switch tells the round again: its lines replace the round's, not add to them", () => {
    // The state of version 6, then the same in French, then in English again.
    const indexes = seat.flatMap((event, i) => (isState(event) && event.version === 6 ? [i] : []));
    assert.equal(indexes.length, 3);
    const states = run(seat.slice(0, indexes[2] + 1));
    const [told, french, english] = indexes.map((i) => states[i].log[0].lines);
    assert.deepEqual(french, /** @type {StateMessage} */ (seat[indexes[1]]).log);
    assert.match(french[0], /La manche 1 commence/);
    assert.deepEqual(english, told);
  });

  test("a new game starts a new log, new notes and new reviews", () => {
    const state = last(seat);
    const rematch = seatStates.at(-1);
    assert.equal(rematch?.table.game, 2);
    assert.deepEqual(state.log, [{ round: 1, lines: rematch?.log }]);
    assert.deepEqual(Object.keys(state.notes), ["1"]);
    assert.equal(state.reviewed, 0);
  });
});

describe("notes: what this seat was shown privately", () => {
  test("each round's notes are the view's learned events, with their turn", () => {
    let state = initialState();
    for (const event of seat) {
      state = reduce(state, event);
      if (!isState(event) || !event.view) continue;
      const notes = state.notes[event.view.round];
      assert.deepEqual(
        notes.map((note) => note.event),
        event.view.learned,
        `version ${event.version}`,
      );
      for (const note of notes) assert.ok(note.turn >= 1 && note.turn <= event.view.turn);
    }
  });

  test("the Priest's look is noted in the turn it was played", () => {
    const state = stateAt(11);
    const view = viewOf(state);
    const turns = view.events.filter((event) => event.type === "turn").length;
    assert.deepEqual(state.notes[1], [{ turn: turns - 1, event: { seat: 0, target: 1, card: "countess", type: "look" } }]);
  });

  test("past rounds' notes stay for the whole game", () => {
    const state = stateAt(36);
    assert.deepEqual(Object.keys(state.notes), ["1", "2"]);
    assert.equal(state.notes[1].length, 1);
  });

  test("after a reload, notes remembered on the device fill in past rounds; the view's round stays", () => {
    const state = reduce(initialState(), upTo(23)[1]); // round 2
    assert.deepEqual(Object.keys(state.notes), ["2"]);
    const remembered = {
      1: [{ turn: 4, event: /** @type {const} */ ({ type: "look", seat: 0, target: 2, card: "king" }) }],
      2: [],
    };
    const after = reduce(state, { type: "remembered", notes: remembered });
    assert.deepEqual(after.notes[1], remembered[1]);
    assert.equal(after.notes[2], state.notes[2]);
    assert.equal(after.notes[2].length, 1);
  });

  test("a spectator notes nothing", () => {
    for (const state of run(spectator)) assert.deepEqual(state.notes, {});
  });
});

describe("the round summaries", () => {
  test("the summary opens once per round over, and stays closed once closed", () => {
    let state = initialState();
    const opened = [];
    for (const event of seat) {
      state = reduce(state, event);
      const view = state.message?.view;
      if (!view || !state.summary) continue;
      opened.push([gameOf(state), view.results.length, view.phase]);
      state = reduce(state, { type: "summary", open: false });
    }
    assert.deepEqual(opened, [
      [1, 1, "round_over"],
      [1, 2, "game_over"],
    ]);
  });

  test("the summary left open closes itself when the seat's turn comes: no turn is played behind it", () => {
    let turns = 0;
    for (const state of run(seat)) {
      if (!myTurn(state)) continue;
      turns += 1;
      assert.equal(state.summary, false, `version ${state.message?.version}`);
    }
    assert.ok(turns);
  });

  test("the summary asked for again opens, and a new game closes it", () => {
    const [list] = upTo(36);
    const over = reduce(last(list), { type: "summary", open: false });
    assert.equal(reduce(over, { type: "summary", open: true }).summary, true);
    const rematch = seatStates.at(-1);
    assert.ok(rematch);
    assert.equal(reduce(reduce(over, { type: "summary", open: true }), rematch).summary, false);
  });

  test("arriving between rounds shows the summary of the round just over, not the earlier ones", () => {
    const [, over] = upTo(36);
    const arrived = reduce(initialState(), over);
    assert.deepEqual([arrived.summary, arrived.reviewed], [true, 2]);
    const [, next] = upTo(19);
    const during = reduce(initialState(), next);
    assert.deepEqual([during.summary, during.reviewed], [false, 1]);
  });
});

describe("private results", () => {
  test("a private result goes once out of date: a hand it shows changed, the Chancellor's cards were put back", () => {
    let shown = 0;
    for (const state of run(seat)) {
      const view = state.message?.view;
      if (!view) continue;
      for (const overlay of state.overlays) {
        shown += 1;
        assert.ok(stillTrue(overlay.event, view, 0), `version ${state.message?.version}: ${overlay.key} ${overlay.event.type}`);
      }
    }
    assert.ok(shown);
  });
});

describe("an action on its way", () => {
  test("is pending from its sending until the server answers it", () => {
    const [list] = upTo(3);
    const turn = last(list);
    assert.ok(myTurn(turn));
    const sent = reduce(turn, { type: "sent", id: 3 });
    assert.deepEqual(sent.pending, { id: 3, position: JSON.stringify(turn.message?.position) });
    assert.equal(myTurn(sent), false);
    const refusal = seat[list.length + 1];
    assert.ok(refusal.type === "error" && refusal.ref === 3 && refusal.code === "illegal_action");
    const refused = reduce(sent, refusal);
    assert.equal(refused.pending, null);
    assert.ok(myTurn(refused));
  });

  test("a refusal of another message leaves it pending", () => {
    const sent = reduce(stateAt(3), { type: "sent", id: 4 });
    const refusal = seat.find((event) => event.type === "error");
    assert.ok(refusal && refusal.type === "error" && refusal.ref === 3);
    assert.equal(reduce(sent, refusal), sent);
  });

  test("is answered by a state of another position, not by the same position told again", () => {
    const sent = reduce(stateAt(6), { type: "sent", id: 7 });
    const again = seatStates.filter((message) => message.version === 6)[1];
    const next = seatStates.find((message) => message.version === 7);
    assert.ok(next);
    assert.deepEqual(reduce(sent, again).pending, sent.pending);
    assert.equal(reduce(sent, next).pending, null);
  });

  test("the conversation ends with nothing pending", () => {
    for (const state of run(seat)) {
      if (state.pending) assert.equal(state.pending.position, JSON.stringify(state.message?.position));
    }
    assert.equal(last(seat).pending, null);
  });
});

describe("choosing an action", () => {
  test("a card, its target, its guess: the action is complete; back undoes each step", () => {
    let state = stateAt(3);
    assert.deepEqual(viewOf(state).hand, ["handmaid", "guard"]);
    state = reduce(state, { type: "select_card", card: "guard" });
    assert.equal(choiceWord(state), "guard");
    state = reduce(state, { type: "pick", arg: "1" });
    assert.equal(chosenAction(state), null);
    const guessed = reduce(state, { type: "pick", arg: "handmaid" });
    assert.equal(chosenAction(guessed), "guard 1 handmaid");
    let back = reduce(guessed, { type: "back" });
    assert.deepEqual(back.choice, state.choice);
    back = reduce(reduce(back, { type: "back" }), { type: "back" });
    assert.deepEqual(back.choice, { word: null, picks: [], seats: [] });
  });

  test("a second click on the chosen card puts it back", () => {
    const chosen = reduce(stateAt(3), { type: "select_card", card: "handmaid" });
    assert.equal(chosenAction(chosen), "handmaid");
    assert.equal(reduce(chosen, { type: "select_card", card: "handmaid" }).choice.word, null);
  });

  test("the Chancellor: the card kept, then the order of the others, the last one without a question", () => {
    let state = stateAt(23);
    assert.equal(viewOf(state).phase, "chancellor");
    assert.equal(choiceWord(state), "keep");
    state = reduce(state, { type: "pick", arg: "handmaid" });
    assert.deepEqual(state.choice.picks, ["handmaid"]);
    assert.equal(chosenAction(state), null);
    state = reduce(state, { type: "pick", arg: "spy" });
    assert.deepEqual(state.choice.picks, ["handmaid", "spy", "priest"]);
    assert.equal(chosenAction(state), "keep handmaid spy priest");
  });

  test("a Chancellor choice sent when the connection is lost starts over on return", () => {
    let state = stateAt(23);
    state = reduce(state, { type: "pick", arg: "handmaid" });
    state = reduce(state, { type: "pick", arg: "spy" });
    state = reduce(state, { type: "sent", id: 7 });
    assert.equal(myTurn(state), false);
    const lost = reduce(state, { type: "status", status: "lost" });
    assert.equal(lost.pending, null);
    assert.deepEqual(lost.choice.picks, []);
    assert.equal(choiceWord(lost), "keep"); // the keep step again, not a played card
    assert.equal(chosenAction(lost), null);
    const back = reduce(reduce(lost, { type: "status", status: "open" }), /** @type {any} */ (state.message));
    assert.equal(myTurn(back), true);
    assert.deepEqual(back.choice.picks, []);
  });

  test("seats chosen together are toggled, and back clears them", () => {
    let state = reduce(stateAt(3), { type: "toggle_seat", seat: 1 });
    state = reduce(state, { type: "toggle_seat", seat: 2 });
    assert.deepEqual(state.choice.seats, [1, 2]);
    state = reduce(state, { type: "toggle_seat", seat: 1 });
    assert.deepEqual(state.choice.seats, [2]);
    assert.deepEqual(reduce(state, { type: "back" }).choice.seats, []);
  });

  test("a new decision forgets the choice; the same decision told again keeps it", () => {
    const chosen = reduce(stateAt(6), { type: "select_card", card: "handmaid" });
    const [again] = seatStates.filter((message) => message.version === 6).slice(1);
    assert.equal(reduce(chosen, again).choice, chosen.choice);
    const next = seatStates.find((message) => message.version === 7);
    assert.ok(next);
    assert.equal(reduce(chosen, next).choice.word, null);
  });

  test("a spectator never decides", () => {
    for (const state of run(spectator)) {
      assert.equal(myTurn(state), false);
      assert.equal(state.message?.you.seat, null);
    }
  });
});

describe("the page's own events", () => {
  test("the connection's status, the side panel, a refused seat", () => {
    const state = stateAt(3);
    const lost = reduce(state, { type: "status", status: "lost" });
    assert.equal(lost.status, "lost");
    assert.equal(reduce(lost, { type: "status", status: "lost" }), lost);
    assert.equal(reduce(state, { type: "tab", tab: "notes" }).tab, "notes");
    const refused = reduce(initialState(), { type: "join_failed", code: "name_taken", message: "taken" });
    assert.deepEqual(refused.joinError, { code: "name_taken", message: "taken" });
    const joined = reduce(refused, { type: "joined", seat: { seat: 1, token: "secret" } });
    assert.equal(joined.joinError, null);
    assert.deepEqual(joined.seat, { seat: 1, token: "secret" });
    assert.equal(reduce(joined, { type: "forgotten" }).seat, null);
  });

  test("errors that end a connection and pongs change nothing", () => {
    const state = stateAt(3);
    for (const refusal of /** @type {ErrorMessage[]} */ (fixture("refusals.json"))) {
      assert.equal(reduce(state, refusal), state);
    }
    assert.equal(reduce(state, { type: "pong", ref: "sync" }), state);
  });
});
