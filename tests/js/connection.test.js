// @ts-check
// The table's connection (static/js/connection.js): one socket at a time. A socket
// that is no longer the connection's is not heard, and a reconnection that was
// waiting when the page chose another seat does not open a second socket.

import assert from "node:assert/strict";
import { afterEach, beforeEach, mock, test } from "node:test";

import { Connection } from "../../src/loveletter/server/static/js/connection.js";

/** A WebSocket that the test opens, closes and speaks through by hand. */
class FakeSocket {
  static OPEN = 1;
  static CLOSED = 3;
  /** @type {FakeSocket[]} every socket made, in order */
  static made = [];

  /** @param {string} url */
  constructor(url) {
    this.url = url;
    this.readyState = 0;
    /** @type {string[]} */
    this.sent = [];
    /** @type {Map<string, ((event: any) => void)[]>} */
    this.listeners = new Map();
    FakeSocket.made.push(this);
  }

  /**
   * @param {string} type
   * @param {(event: any) => void} listener
   */
  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /**
   * @param {string} type
   * @param {object} [event]
   */
  fire(type, event = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  /** @param {string} text */
  send(text) {
    this.sent.push(text);
  }

  /** The server's side opens it. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.fire("open");
  }

  /** @param {object} message */
  say(message) {
    this.fire("message", { data: JSON.stringify(message) });
  }

  close() {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.fire("close");
  }

  /** The network drops it: closed without the page asking. */
  drop() {
    this.close();
  }
}

/** @type {{messages: any[], statuses: string[]}} */
let heard = { messages: [], statuses: [] };

/** @param {string | null} token */
function connection(token) {
  return new Connection({
    table: "t1",
    token,
    lang: "en",
    onMessage: (message) => heard.messages.push(message),
    onStatus: (status) => heard.statuses.push(status),
  });
}

const STATE = { type: "state", position: { round: 1, turn: 1 } };

beforeEach(() => {
  FakeSocket.made = [];
  heard = { messages: [], statuses: [] };
  Object.assign(globalThis, { WebSocket: FakeSocket, location: { protocol: "http:", host: "here" } });
  mock.timers.enable({ apis: ["setTimeout"] });
});

afterEach(() => {
  mock.timers.reset();
});

test("the hello names the table, the language and the seat's token", () => {
  connection("seat-token").open();
  const [socket] = FakeSocket.made;
  socket.accept();
  assert.equal(socket.url, "ws://here/ws");
  assert.deepEqual(JSON.parse(socket.sent[0]), { type: "hello", table: "t1", lang: "en", token: "seat-token" });
});

test("a dropped socket reconnects after a wait, and only one socket is open", () => {
  connection(null).open();
  FakeSocket.made[0].accept();
  FakeSocket.made[0].drop();
  assert.deepEqual(heard.statuses, ["connecting", "lost"]);
  assert.equal(FakeSocket.made.length, 1);
  mock.timers.tick(300);
  assert.equal(FakeSocket.made.length, 2);
});

test("choosing another seat while a reconnection waits calls it off: one socket, not two", () => {
  const link = connection(null);
  link.open();
  FakeSocket.made[0].drop();
  link.reopen("seat-token"); // the page chose a seat before the reconnection came
  mock.timers.tick(10_000);
  assert.equal(FakeSocket.made.length, 2);
  const current = FakeSocket.made[1];
  current.accept();
  assert.equal(JSON.parse(current.sent[0]).token, "seat-token");
});

test("what the socket before says once another is opened is not heard", () => {
  const link = connection(null);
  link.open();
  const before = FakeSocket.made[0];
  before.accept();
  link.reopen("seat-token");
  before.say({ ...STATE, position: { round: 9, turn: 9 } }); // already on its way
  FakeSocket.made[1].accept();
  FakeSocket.made[1].say(STATE);
  assert.deepEqual(heard.messages, [STATE]);
  assert.deepEqual(link.position, STATE.position);
});

test("a fatal refusal closes the connection for good: no reconnection", () => {
  connection("wrong").open();
  FakeSocket.made[0].accept();
  FakeSocket.made[0].say({ type: "error", code: "bad_token", message: "no such seat" });
  mock.timers.tick(10_000);
  assert.equal(FakeSocket.made.length, 1);
  assert.equal(heard.messages.length, 1);
});
