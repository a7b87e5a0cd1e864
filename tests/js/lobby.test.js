// @ts-check
// The lobby's and "my games"' pure parts: a lobby's row in English and in French and
// the rows' order (static/js/lobby.js), the games' order and words
// (static/js/games.js), and the lobby asking again only while the page is looked at
// (static/js/polling.js).

import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";

import { gamePlayers, gameStatus, sortGames } from "../../src/loveletter/server/static/js/games.js";
import { setLang } from "../../src/loveletter/server/static/js/i18n.js";
import { filtersOf, lobbyRow, sortLobby } from "../../src/loveletter/server/static/js/lobby.js";
import { whileVisible } from "../../src/loveletter/server/static/js/polling.js";

/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").LobbyTable} LobbyTable */
/** @typedef {import("../../src/loveletter/server/static/js/protocol.js").AccountTable} AccountTable */

/** The page's document, as much of it as these modules read: its language, whether it is visible. */
const page = {
  documentElement: { lang: "en" },
  visibilityState: /** @type {DocumentVisibilityState} */ ("visible"),
  /** @type {(() => void)[]} */
  listeners: [],
  /**
   * @param {string} type
   * @param {() => void} listener
   */
  addEventListener(type, listener) {
    if (type === "visibilitychange") this.listeners.push(listener);
  },
  /** @param {DocumentVisibilityState} state */
  show(state) {
    this.visibilityState = state;
    for (const listener of this.listeners) listener();
  },
};
Object.assign(globalThis, { document: page });

/** @param {string} text  with no-break spaces (between a number and its unit) as spaces */
const spaced = (text) => text.replaceAll("\u00a0", " ");

const DAY = 86400;

/**
 * A lobby's table, changed by `changes`.
 * @param {Partial<LobbyTable>} changes
 * @returns {LobbyTable}
 */
function lobbyTable(changes = {}) {
  return {
    id: "t1",
    edition: "2019",
    players: 4,
    free: 2,
    turn_timer: DAY,
    lang: "fr",
    created_at: 1000,
    host: { name: "Ana", account: "a1", rating: 12.34 },
    seated: ["Ana", "Bruno"],
    ...changes,
  };
}

describe("a row of the lobby", () => {
  test("says the seats free, the pace, the language, the host with their rating and who else sits", () => {
    setLang("en");
    const row = lobbyRow(lobbyTable(), "2019", false);
    assert.deepEqual(
      { ...row, speed: spaced(row.speed) },
      {
        id: "t1",
        edition: "2019",
        seats: "2 of 4 seats free",
        speed: "1 day a move",
        turnBased: true,
        lang: "French",
        host: { name: "Ana", href: "/p/a1", rating: "rating 12.3" },
        seated: "Bruno",
        mine: false,
      },
    );
  });

  test("in French: plurals, the decimal comma, « et »", () => {
    setLang("fr");
    const row = lobbyRow(lobbyTable({ free: 1, players: 2, lang: "en", seated: ["Ana", "Bruno", "Chloé", "Zoé"], host: { name: "Zoé", account: "z", rating: 12.34 } }), "2019", true);
    assert.equal(row.seats, "1 place libre sur 2");
    assert.equal(lobbyRow(lobbyTable({ free: 3 }), "2019", false).seats, "3 places libres sur 4");
    assert.equal(row.lang, "Anglais");
    assert.equal(row.host?.rating, "cote 12,3");
    assert.equal(row.seated, "Ana, Bruno et Chloé");
    assert.equal(lobbyRow(lobbyTable({ seated: ["Ana"] }), "2019", false).seated, "personne pour l'instant");
    assert.equal(row.mine, true);
    setLang("en");
  });

  test("a guest host has no profile, an unrated one no rating, and a table may have neither host nor player", () => {
    setLang("en");
    const guest = lobbyRow(lobbyTable({ host: { name: "<b>x</b>", account: null, rating: null }, seated: ["<b>x</b>", "Ana"] }), "2019", false);
    assert.deepEqual(guest.host, { name: "<b>x</b>", href: null, rating: null });
    assert.equal(guest.seated, "Ana"); // the host once, as the host
    const empty = lobbyRow(lobbyTable({ host: null, seated: [], turn_timer: 0 }), "Classic", false);
    assert.equal(empty.host, null);
    assert.equal(empty.seated, "nobody yet");
    assert.equal(empty.speed, "No timer");
    assert.equal(empty.turnBased, false);
  });

  test("the newest tables come first; tables of the same second keep one order", () => {
    const tables = [lobbyTable({ id: "b", created_at: 5 }), lobbyTable({ id: "c", created_at: 9 }), lobbyTable({ id: "a", created_at: 5 })];
    assert.deepEqual(sortLobby(tables).map((table) => table.id), ["c", "a", "b"]);
    assert.deepEqual(tables.map((table) => table.id), ["b", "c", "a"]); // not sorted in place
  });

  test("the filters are read from the address; an unknown count is no filter", () => {
    assert.deepEqual(filtersOf("?edition=premium&players=6"), { edition: "premium", players: 6 });
    assert.deepEqual(filtersOf("?players=12"), { edition: "", players: null });
    assert.deepEqual(filtersOf(""), { edition: "", players: null });
  });
});

/**
 * One of my games, changed by `changes`.
 * @param {Partial<AccountTable>} changes
 * @returns {AccountTable}
 */
function game(changes) {
  return {
    table: "t",
    edition: "2019",
    status: "playing",
    seat: 0,
    your_turn: false,
    deadline: null,
    turn_timer: DAY,
    players: ["Ana", "Bruno"],
    updated_at: 0,
    ...changes,
  };
}

describe("my games", () => {
  test("those where it is your turn come first, the soonest due first; then the latest moved", () => {
    const games = [
      game({ table: "theirs-old", updated_at: 10 }),
      game({ table: "mine-late", your_turn: true, deadline: 900 }),
      game({ table: "mine-untimed", your_turn: true, deadline: null }),
      game({ table: "theirs-new", updated_at: 50 }),
      game({ table: "mine-soon", your_turn: true, deadline: 300 }),
      game({ table: "waiting", status: "lobby", updated_at: 30 }),
    ];
    assert.deepEqual(
      sortGames(games).map((g) => g.table),
      ["mine-soon", "mine-late", "mine-untimed", "theirs-new", "waiting", "theirs-old"],
    );
  });

  test("each says who sits there, and how many seats are still open", () => {
    setLang("en");
    assert.equal(gamePlayers(game({ players: ["Ana", "", "Bruno", ""] })), "Ana and Bruno · 2 open seats");
    assert.equal(gamePlayers(game({ players: ["Ana", "Bruno", "Chloé"] })), "Ana, Bruno and Chloé");
    setLang("fr");
    assert.equal(gamePlayers(game({ players: ["Ana", ""] })), "Ana · 1 place libre");
    setLang("en");
  });

  test("each says where it stands, in both languages", () => {
    setLang("en");
    assert.deepEqual([game({ your_turn: true }), game({}), game({ status: "lobby" })].map(gameStatus), ["Your turn", "Waiting for the others", "Waiting for players"]);
    setLang("fr");
    assert.deepEqual([game({ your_turn: true }), game({}), game({ status: "lobby" })].map(gameStatus), ["À vous", "Au tour des autres", "En attente de joueurs"]);
    setLang("en");
  });
});

describe("asking again while the page is looked at", () => {
  test("at once, then every period while visible; nothing while hidden; at once when shown again", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let runs = 0;
      const settle = () => new Promise((resolve) => setImmediate(resolve));
      whileVisible(async () => {
        runs += 1;
      }, 5000);
      await settle();
      assert.equal(runs, 1);
      mock.timers.tick(4999);
      await settle();
      assert.equal(runs, 1);
      mock.timers.tick(1);
      await settle();
      assert.equal(runs, 2);
      page.show("hidden");
      mock.timers.tick(60000);
      await settle();
      assert.equal(runs, 2);
      page.show("visible");
      await settle();
      assert.equal(runs, 3);
      mock.timers.tick(5000);
      await settle();
      assert.equal(runs, 4);
    } finally {
      mock.timers.reset();
      page.listeners = [];
    }
  });

  test("a run asked for while one is under way follows it, never runs beside it", async () => {
    /** @type {(() => void)[]} */
    const waiting = [];
    let running = 0;
    let most = 0;
    let runs = 0;
    const polling = whileVisible(async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => waiting.push(() => resolve(undefined)));
      running -= 1;
    }, 60000);
    const later = polling.now(); // a filter changed while the first answer is awaited
    polling.now();
    assert.equal(runs, 1);
    waiting.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(runs, 2); // the two asks made one more run
    waiting.shift()?.();
    await later;
    assert.equal(most, 1);
    page.show("hidden"); // and the next run is not waited for
    page.show("visible");
    waiting.shift()?.();
    page.show("hidden");
    page.listeners = [];
  });
});
