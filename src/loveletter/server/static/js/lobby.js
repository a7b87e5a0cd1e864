// @ts-check
// The public lobby (/lobby): the public tables waiting for players, filtered by
// edition and number of players, asked for again every few seconds while the page is
// looked at and patched row by row (nothing flickers, the focus stays); a Join button
// on each (a guest is asked their name); and quick match, which the home page shows
// too: a seat at the first open public table that fits, else at a new one.

import { api } from "./api.js";
import { timerSelect, timerText, turnBased, turnBasedNote } from "./clocks.js";
import { field, h, namePage, patch, replace, toast, valueOf } from "./dom.js";
import { errorText } from "./errors.js";
import { lang, listNames, t } from "./i18n.js";
import { ratingText } from "./players.js";
import { whileVisible } from "./polling.js";
import { keepSeat, seatName, takeSeat } from "./seating.js";
import { session, signedIn } from "./session.js";
import { storage } from "./storage.js";

/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */
/** @typedef {import("./protocol.js").LobbyTable} LobbyTable */
/** @typedef {import("./protocol.js").LobbyInfo} LobbyInfo */

/** How often the lobby asks for its tables while it is looked at. */
export const REFRESH_MS = 5000;
/** How many tables a page of the lobby shows at first, and how many more each time. */
const PAGE = 50;
const PLAYER_COUNTS = [2, 3, 4, 5, 6, 7, 8];

/**
 * A row of the lobby as it reads, in the page's language.
 * @typedef {object} LobbyRow
 * @property {string} id
 * @property {string} edition  its name
 * @property {string} seats  "2 of 4 seats free"
 * @property {string} speed  "1 min a move", "No timer"
 * @property {boolean} turnBased
 * @property {string} lang  the table's language, in words
 * @property {{name: string, href: string | null, rating: string | null} | null} host
 * @property {string} seated  the names of the others seated (not the host), or that nobody is
 * @property {boolean} mine  this device holds a seat there
 */

/**
 * The words of a lobby's row.
 * @param {LobbyTable} table
 * @param {string} editionName
 * @param {boolean} mine
 * @returns {LobbyRow}
 */
export function lobbyRow(table, editionName, mine) {
  const host = table.host;
  const others = [...table.seated];
  const hostAt = host ? others.indexOf(host.name) : -1;
  if (hostAt >= 0) others.splice(hostAt, 1);
  return {
    id: table.id,
    edition: editionName,
    seats: t("lobby_free", { free: table.free, n: table.players }),
    speed: timerText(table.turn_timer),
    turnBased: turnBased(table.turn_timer),
    lang: t(`lang_${table.lang}`),
    host: host && {
      name: host.name,
      href: host.account ? `/p/${encodeURIComponent(host.account)}` : null,
      rating: host.rating === null ? null : t("lobby_rating", { rating: ratingText(host.rating) }),
    },
    seated: others.length ? listNames(others) : t("lobby_nobody"),
    mine,
  };
}

/**
 * The lobby's tables in the order it shows them: the newest first (the server's
 * order; ties by id, so that a refresh never swaps two rows).
 * @param {LobbyTable[]} tables
 * @returns {LobbyTable[]}
 */
export function sortLobby(tables) {
  return [...tables].sort((a, b) => b.created_at - a.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The filters in the address (/lobby?edition=2019&players=3), kept when a link is shared.
 * @param {string} search
 * @returns {{edition: string, players: number | null}}
 */
export function filtersOf(search) {
  const params = new URLSearchParams(search);
  const players = Number(params.get("players"));
  return { edition: params.get("edition") ?? "", players: PLAYER_COUNTS.includes(players) ? players : null };
}

/**
 * A row of the lobby's table: a cell per column (each named for narrow screens,
 * where the rows become cards), the Join button last. Names are text, never markup.
 * @param {LobbyRow} row
 * @param {(id: string) => void} onJoin
 */
function rowElement(row, onJoin) {
  /**
   * @param {string} label
   * @param {...import("./dom.js").Child} content
   */
  const cell = (label, ...content) => h("td", { "data-label": label }, ...content);
  const host = row.host;
  return h(
    "tr",
    { id: `lobby-${row.id}`, "data-table": row.id },
    h("th", { scope: "row", class: "lobby-edition" }, row.edition),
    cell(t("lobby_col_seats"), h("span", { class: "lobby-seats-free" }, row.seats)),
    cell(t("lobby_col_speed"), h("span", { class: "lobby-speed" }, row.speed), h("span", { class: "lobby-pace" }, t(row.turnBased ? "timer_turn_based" : "timer_real_time"))),
    cell(t("lobby_col_lang"), row.lang),
    cell(
      t("lobby_col_host"),
      host ? (host.href ? h("a", { href: host.href, class: "lobby-host" }, host.name) : h("span", { class: "lobby-host" }, host.name)) : "—",
      host?.rating ? h("span", { class: "host-rating" }, host.rating) : null,
    ),
    cell(t("lobby_col_seated"), h("span", { class: "lobby-seated" }, row.seated)),
    h(
      "td",
      { class: "lobby-action" },
      row.mine
        ? h("a", { class: "button", href: `/t/${row.id}`, "aria-label": t("lobby_open_label", { id: row.id }) }, t("games_open"))
        : h("button", { type: "button", class: "primary", "data-focus": `join-${row.id}`, "aria-label": t("lobby_join_label", { id: row.id }), onclick: () => onJoin(row.id) }, t("join")),
    ),
  );
}

/**
 * What the quick match form holds; it survives a change of language and a refresh.
 * @typedef {object} QuickForm
 * @property {string} edition
 * @property {number} players
 * @property {number} turn_timer
 * @property {string} name  a guest's
 * @property {boolean} busy  asked, not answered yet
 */

/** @returns {QuickForm} */
export function quickForm() {
  return { edition: "2019", players: 2, turn_timer: 0, name: storage.name(), busy: false };
}

/**
 * The quick match form: edition, players, speed (a guest's name too), Play. Found, the
 * seat is kept and the page goes to the table.
 * @param {QuickForm} form
 * @param {EditionInfo[]} editions
 * @param {() => void} redraw  called when a choice changes what the form shows
 * @param {import("./dom.js").Child} [extra]  under the Play button
 */
export function quickMatchForm(form, editions, redraw, extra = null) {
  const current = editions.find((e) => e.id === form.edition) ?? editions[0];
  if (!current) return null;
  form.edition = current.id;
  const [min, max] = current.players;
  form.players = Math.min(max, Math.max(min, form.players));
  const account = signedIn();

  /** @param {Event} event */
  async function play(event) {
    event.preventDefault();
    const name = seatName(form.name);
    if (!name) {
      toast(t("name_blank"), "error");
      document.getElementById("qm-name")?.focus();
      return;
    }
    form.busy = true;
    redraw();
    try {
      const found = await api.quickMatch({ edition: form.edition, players: form.players, turn_timer: form.turn_timer, lang: lang(), name });
      keepSeat(found.table, found, { hostToken: found.host_token, name });
      location.assign(`/t/${found.table}`);
    } catch (error) {
      form.busy = false;
      redraw();
      toast(t("error", { message: errorText(/** @type {{code: string, message: string}} */ (error)) }), "error");
    }
  }

  const speed = timerSelect(
    "qm-speed",
    form.turn_timer,
    (seconds) => {
      form.turn_timer = seconds;
      const shown = document.getElementById("qm-speed-note"); // the page's, which a patch may have kept
      if (shown) shown.hidden = !turnBased(seconds);
    },
    (seconds) => timerText(seconds),
    "qm-speed-note",
  );
  return h(
    "form",
    { class: "panel quick-match", id: "quick-match", onsubmit: play },
    h("h2", {}, t("qm_title")),
    h("p", { class: "muted small" }, t("qm_intro")),
    account
      ? null
      : field(
          t("your_name"),
          h("input", { id: "qm-name", required: true, maxlength: 24, autocomplete: "nickname", value: form.name, oninput: (event) => (form.name = valueOf(event)) }),
        ),
    h(
      "div",
      { class: "row" },
      field(
        t("edition"),
        h(
          "select",
          { id: "qm-edition", onchange: (event) => ((form.edition = valueOf(event)), redraw()) },
          editions.map((e) => h("option", { value: e.id, selected: e.id === form.edition }, e.name)),
        ),
      ),
      field(
        t("players"),
        h(
          "select",
          { id: "qm-players", onchange: (event) => (form.players = Number(valueOf(event))) },
          PLAYER_COUNTS.filter((n) => n >= min && n <= max).map((n) => h("option", { value: n, selected: n === form.players }, String(n))),
        ),
        null,
        "narrow",
      ),
    ),
    field(t("qm_speed"), speed, turnBasedNote("qm-speed-note", form.turn_timer)),
    h("button", { type: "submit", class: "primary big", id: "qm-play", disabled: form.busy }, t(form.busy ? "qm_searching" : "qm_play")),
    extra,
  );
}

/** @param {HTMLElement} main */
export function lobbyPage(main) {
  const asked = filtersOf(location.search);
  const state = {
    edition: asked.edition,
    /** @type {number | null} */
    players: asked.players,
    limit: PAGE,
    /** @type {LobbyInfo | null} */
    page: null,
    /** @type {string | null} */
    failed: null,
    /** @type {EditionInfo[]} */
    editions: [],
    quick: quickForm(),
    /** the latest request: an older answer that comes after it is dropped */
    asked: 0,
  };
  const dialog = joinDialog();

  async function load() {
    const number = ++state.asked;
    try {
      const [editions, page] = await Promise.all([
        api.editions(lang()),
        api.lobby({ edition: state.edition, players: state.players ?? undefined, limit: state.limit, offset: 0 }),
      ]);
      if (number !== state.asked) return;
      state.editions = editions;
      state.page = page;
      state.failed = null;
    } catch (error) {
      if (number !== state.asked) return;
      state.failed = errorText(/** @type {{code: string, message: string}} */ (error));
    }
    render();
  }
  const polling = whileVisible(load, REFRESH_MS);
  session.subscribe((now, before) => now.account?.id !== before.account?.id && render());

  /**
   * @param {{edition?: string, players?: number | null}} change
   */
  function filter(change) {
    Object.assign(state, change, { limit: PAGE });
    const url = new URL(location.href);
    url.search = new URLSearchParams(
      Object.entries({ edition: state.edition, players: state.players ?? "" }).filter(([, value]) => value !== "").map(([key, value]) => [key, String(value)]),
    ).toString();
    history.replaceState(null, "", url);
    polling.now();
  }

  /** @param {string} id */
  function join(id) {
    if (signedIn()) seat(id, "");
    else dialog.ask(id, (name) => seat(id, name));
  }

  /**
   * Take a seat at `id` under `name` (signed in: the account's), then go to the table.
   * Returns whether it was taken (a refusal is said, and the list asked for again).
   * @param {string} id
   * @param {string} typed
   */
  async function seat(id, typed) {
    try {
      await takeSeat(id, seatName(typed));
    } catch (error) {
      const refusal = /** @type {{code: string, message: string}} */ (error);
      if (refusal.code !== "already_seated") {
        toast(errorText(refusal), "error");
        polling.now();
        return false;
      }
    }
    location.assign(`/t/${id}`);
    return true;
  }

  function render() {
    document.title = `${t("lobby_page_title")} — Love Letter`;
    namePage(t("lobby_page_title"));
    const editions = state.editions;
    const nameOf = (/** @type {string} */ id) => editions.find((e) => e.id === id)?.name ?? id;
    const page = state.page;
    const tables = page ? sortLobby(page.tables) : [];
    const rows = tables.map((table) => lobbyRow(table, nameOf(table.edition), storage.seat(table.id) !== null));
    const filters = h(
      "div",
      { class: "lobby-filters", role: "group", "aria-label": t("lobby_filters") },
      field(
        t("edition"),
        h(
          "select",
          { id: "lobby-edition", onchange: (event) => filter({ edition: valueOf(event) }) },
          h("option", { value: "", selected: state.edition === "" }, t("lobby_any_edition")),
          editions.map((e) => h("option", { value: e.id, selected: e.id === state.edition }, e.name)),
        ),
      ),
      field(
        t("players"),
        h(
          "select",
          { id: "lobby-players", onchange: (event) => filter({ players: Number(valueOf(event)) || null }) },
          h("option", { value: "", selected: state.players === null }, t("lobby_any_players")),
          PLAYER_COUNTS.map((n) => h("option", { value: n, selected: n === state.players }, String(n))),
        ),
      ),
    );
    const list = !page
      ? h("p", { class: "muted", id: "lobby-status" }, state.failed ? t("error", { message: state.failed }) : t("connecting"))
      : rows.length
        ? h(
            "table",
            { class: "lobby-table", id: "lobby-table" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                [t("edition"), t("lobby_col_seats"), t("lobby_col_speed"), t("lobby_col_lang"), t("lobby_col_host"), t("lobby_col_seated")].map((text) => h("th", { scope: "col" }, text)),
                h("th", { scope: "col" }, h("span", { class: "sr-only" }, t("join"))),
              ),
            ),
            h("tbody", {}, rows.map((row) => rowElement(row, join))),
          )
        : h(
            "div",
            { class: "lobby-empty", id: "lobby-empty" },
            h("p", {}, t("lobby_empty")),
            h("p", { class: "muted" }, t("lobby_empty_hint")),
            h("button", { type: "button", id: "lobby-to-quick", onclick: () => document.getElementById("qm-play")?.focus() }, t("qm_title")),
          );
    patch(
      main,
      h(
        "div",
        { class: "lobby-page", id: "lobby-page" },
        h(
          "section",
          { class: "panel lobby-tables", "aria-labelledby": "lobby-heading" },
          h("h1", { id: "lobby-heading" }, t("lobby_page_title")),
          h("p", { class: "muted" }, t("lobby_intro")),
          filters,
          page && rows.length ? h("p", { class: "muted small", id: "lobby-count" }, t("lobby_count", { n: page.total })) : null,
          list,
          page && page.total > rows.length && rows.length >= state.limit
            ? h("button", { type: "button", id: "lobby-more", onclick: () => ((state.limit += PAGE), polling.now()) }, t("lobby_more"))
            : null,
          state.failed && page ? h("p", { class: "note", id: "lobby-failed" }, t("error", { message: state.failed })) : null,
        ),
        editions.length ? quickMatchForm(state.quick, editions, render) : null,
      ),
    );
  }

  render();
  return { onLang: () => (render(), polling.now()) };
}

/**
 * The dialog that asks a guest's name before taking a seat from the lobby, as the
 * table's own form does.
 */
function joinDialog() {
  const dialog = h("dialog", { class: "dialog join-dialog", id: "join-dialog", "aria-labelledby": "join-title" });
  document.body.append(dialog);
  return {
    /**
     * @param {string} id
     * @param {(name: string) => Promise<boolean>} seat  whether the seat was taken
     */
    ask(id, seat) {
      const input = h("input", { id: "join-dialog-name", required: true, maxlength: 24, autocomplete: "nickname", value: storage.name() });
      /** @param {Event} event */
      const submit = async (event) => {
        event.preventDefault();
        if (!input.value.trim()) {
          toast(t("name_blank"), "error");
          return;
        }
        const button = /** @type {HTMLButtonElement} */ (dialog.querySelector("#join-dialog-submit"));
        button.disabled = true;
        const taken = await seat(input.value);
        button.disabled = false;
        if (!taken) dialog.close();
      };
      replace(
        dialog,
        h(
          "form",
          { class: "dialog-body join-form", onsubmit: submit },
          h("h2", { id: "join-title" }, t("lobby_join_title", { id })),
          field(t("your_name"), input, h("small", {}, t("name_hint"))),
          h(
            "div",
            { class: "dialog-buttons" },
            h("button", { type: "submit", class: "primary", id: "join-dialog-submit" }, t("take_seat")),
            h("button", { type: "button", onclick: () => dialog.close() }, t("cancel")),
          ),
        ),
      );
      dialog.showModal();
      input.focus();
      input.select();
    },
  };
}
