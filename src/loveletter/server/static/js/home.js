// @ts-check
// The home page: create a table (edition, seats, bots, options) or join one by link.

import { api } from "./api.js";
import { timeFields, timeSpec } from "./clocks.js";
import { checkedOf, field, h, patch, replace, toast, valueOf } from "./dom.js";
import { errorText } from "./errors.js";
import { watchGames } from "./games.js";
import { lang, levelChoice, t } from "./i18n.js";
import { quickForm, quickMatchForm } from "./lobby.js";
import { takeSeat } from "./seating.js";
import { session, signedIn } from "./session.js";
import { storage } from "./storage.js";

/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */
/** @typedef {import("./protocol.js").PolicyLevelInfo} PolicyLevelInfo */

/**
 * The table options as the form holds them (a field's text, a box ticked).
 * @typedef {object} OptionFields
 * @property {string} [tokens_to_win]
 * @property {string} [tie_rule]
 * @property {string} [first_player]
 * @property {boolean} [face_up]
 * @property {boolean} [princess_beats_bishop]
 * @property {boolean} [constable_when_knocked_out]
 */

/**
 * What the creation form holds; it survives a change of language.
 * @typedef {object} Form
 * @property {string} edition
 * @property {number} players
 * @property {string} name
 * @property {string[]} seats  per seat: "open", or "bot:" and a level
 * @property {OptionFields} options
 * @property {boolean} hints
 * @property {boolean} public  listed in the lobby
 * @property {boolean | undefined} optionsOpen  whether the options are unfolded (at
 *   first: whether any is set)
 * @property {number} turn_timer
 * @property {number} disconnect_timeout
 * @property {string} bot_level
 */

const LEVELS = ["easy", "medium", "hard", "expert"];
const DEFAULTS = { edition: "2019", players: 3, seat: "bot:medium" };

/** @param {HTMLElement} main */
export function homePage(main) {
  /** @type {Form} */
  const form = {
    edition: DEFAULTS.edition,
    players: DEFAULTS.players,
    name: storage.name(),
    seats: [],
    options: {},
    hints: false,
    public: false,
    optionsOpen: undefined,
    turn_timer: 0,
    disconnect_timeout: 60,
    bot_level: "medium",
  };
  /** @type {EditionInfo[]} */
  let editions = [];
  /** @type {PolicyLevelInfo[]} */
  let policies = [];
  const quick = quickForm();
  /** @type {{redraw: () => void} | null} */
  let games = null;

  async function load() {
    const [found, levels] = await Promise.all([api.editions(lang()), api.levels()]);
    editions = found;
    policies = levels.policies;
    render();
  }
  // Signing in or out changes the name a table is created under.
  session.subscribe((now, before) => editions.length && now.account !== before.account && render());

  /** The names of the policy levels that play the chosen edition with the chosen count. */
  function fittingPolicies() {
    return policies.filter((p) => p.edition === form.edition && p.players === form.players).map((p) => p.name);
  }

  /**
   * A choice of a policy that no longer fits the table goes back to the default.
   * @param {string[]} offered
   */
  function dropUnfitPolicies(offered) {
    /** @param {string} level */
    const known = (level) => LEVELS.includes(level) || offered.includes(level);
    form.seats = form.seats.map((seat) => (seat === "open" || known(seat.slice(4)) ? seat : DEFAULTS.seat));
    if (!known(form.bot_level)) form.bot_level = "medium";
  }

  function edition() {
    return editions.find((e) => e.id === form.edition) || editions[0];
  }

  function render() {
    document.title = "Love Letter";
    const info = document.getElementById("topbar-info");
    if (info) info.textContent = "";
    replace(
      main,
      h(
        "div",
        { class: "home" },
        h(
          "section",
          { class: "hero" },
          h("h1", {}, "Love Letter"),
          h("p", { class: "tagline" }, t("tagline")),
          h("p", { class: "learn-entry" }, t("learn_intro"), " ", h("a", { href: "/learn", class: "button primary", id: "learn-link" }, t("learn_link"))),
        ),
        createForm(),
        h(
          "div",
          { class: "home-side" },
          h("section", { class: "panel home-games", id: "home-games", hidden: true, "aria-labelledby": "home-games-title" }),
          h("div", { class: "qm-slot", id: "qm-slot" }, quickMatch()),
          joinForm(),
          howTo(),
        ),
      ),
    );
    games?.redraw();
  }

  /** Quick match, drawn again in its place only (the rest of the page keeps its focus). */
  function quickMatch() {
    const redraw = () => {
      const slot = document.getElementById("qm-slot");
      if (slot) patch(slot, quickMatch());
    };
    return quickMatchForm(quick, editions, redraw, h("p", { class: "qm-lobby" }, h("a", { href: "/lobby", id: "home-lobby-link" }, t("qm_lobby_link"))));
  }

  /**
   * "Your games" while signed in: drawn in its own section, hidden while there is nothing to show.
   * @param {Element | null} content
   */
  function drawGames(content) {
    const box = document.getElementById("home-games");
    if (!(box instanceof HTMLElement)) return;
    box.hidden = !content;
    patch(box, content ? [h("h2", { id: "home-games-title" }, t("games_title")), content] : null);
  }

  function createForm() {
    const current = edition();
    const [min, max] = current.players;
    form.players = Math.min(max, Math.max(min, form.players));
    while (form.seats.length < max) form.seats.push(DEFAULTS.seat);
    const offered = fittingPolicies();
    dropUnfitPolicies(offered);
    const account = signedIn();
    const name = h("input", {
      id: "name",
      name: "name",
      required: true,
      maxlength: 24,
      autocomplete: "nickname",
      value: account ? account.name : form.name,
      readonly: Boolean(account),
      "aria-describedby": "name-hint",
      oninput: (event) => (form.name = valueOf(event)),
    });
    const editionSelect = h(
      "select",
      { id: "edition", onchange: (event) => ((form.edition = valueOf(event)), render()) },
      editions.map((e) =>
        h("option", { value: e.id, selected: e.id === form.edition }, `${e.name} (${t("players_range", { min: e.players[0], max: e.players[1] })})`),
      ),
    );
    const players = h(
      "select",
      { id: "players", onchange: (event) => ((form.players = Number(valueOf(event))), render()) },
      range(min, max).map((n) => h("option", { value: n, selected: n === form.players }, String(n))),
    );
    const seats = h(
      "ol",
      { class: "seat-list" },
      h("li", {}, h("span", { class: "seat-label" }, t("seat_n", { n: 1 })), h("span", { class: "seat-you" }, t("you"))),
      range(1, form.players - 1).map((i) => seatChoice(i, offered)),
    );
    return h(
      "form",
      { class: "panel create", id: "create-form", onsubmit: create },
      h("h2", {}, t("new_table")),
      field(t("your_name"), name, h("small", { id: "name-hint" }, t(account ? "account_name_note" : "name_hint"))),
      h("div", { class: "row" }, field(t("edition"), editionSelect), field(t("players"), players, null, "narrow")),
      seats,
      // What each level means, once: in a seat's list it cut the list's words.
      h("p", { class: "muted small", id: "level-notes" }, t("level_notes", { notes: LEVELS.map((level) => `${t(`level_${level}`)} ${t(`level_note_${level}`)}`).join(t("list_separator")) })),
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", id: "public", checked: form.public, onchange: (event) => (form.public = checkedOf(event)) }),
        t("public_option"),
      ),
      timeFields(form, field, offered),
      optionsBox(current),
      h("button", { type: "submit", class: "primary big", id: "create" }, t("create")),
    );
  }

  /**
   * @param {number} index
   * @param {string[]} offered
   */
  function seatChoice(index, offered) {
    const select = h(
      "select",
      {
        id: `seat-${index}`,
        "aria-label": t("seat_n", { n: index + 1 }),
        onchange: (event) => (form.seats[index] = valueOf(event)),
      },
      LEVELS.map((level) =>
        h(
          "option",
          { value: `bot:${level}`, selected: form.seats[index] === `bot:${level}` },
          t("seat_bot", { level: t(`level_${level}`) }),
        ),
      ),
      offered.map((name) => h("option", { value: `bot:${name}`, selected: form.seats[index] === `bot:${name}` }, t("seat_bot", { level: levelChoice(name, offered) }))),
      h("option", { value: "open", selected: form.seats[index] === "open" }, t("seat_friend")),
    );
    return h("li", {}, h("label", { class: "seat-label", for: `seat-${index}` }, t("seat_n", { n: index + 1 })), select);
  }

  /** @param {EditionInfo} current */
  function optionsBox(current) {
    const options = form.options;
    const goal = current.tokens_to_win[String(form.players)];
    const premium = current.id === "premium" && form.players >= 5;
    /**
     * @param {"face_up" | "princess_beats_bishop" | "constable_when_knocked_out"} key
     * @param {string} label
     * @param {boolean} fallback
     */
    const check = (key, label, fallback) =>
      h(
        "label",
        { class: "check" },
        h("input", {
          type: "checkbox",
          id: `opt-${key}`,
          checked: options[key] ?? fallback,
          onchange: (event) => (options[key] = checkedOf(event)),
        }),
        label,
      );
    return h(
      "details",
      {
        class: "options",
        open: form.optionsOpen ?? Object.keys(options).length > 0,
        ontoggle: (event) => (form.optionsOpen = /** @type {HTMLDetailsElement} */ (event.target).open), // kept across a change of language
      },
      h("summary", {}, t("options")),
      field(
        t("tokens_to_win"),
        h("input", {
          id: "opt-tokens",
          type: "number",
          min: 1,
          max: 99,
          inputmode: "numeric",
          placeholder: t("tokens_default", { n: goal }),
          value: options.tokens_to_win ?? "",
          oninput: (event) => (options.tokens_to_win = valueOf(event)),
        }),
      ),
      field(
        t("tie_rule"),
        h(
          "select",
          { id: "opt-tie", onchange: (event) => (options.tie_rule = valueOf(event)) },
          h("option", { value: "all-win", selected: options.tie_rule !== "nobody" }, t("tie_all")),
          h("option", { value: "nobody", selected: options.tie_rule === "nobody" }, t("tie_nobody")),
        ),
      ),
      field(
        t("first_player"),
        h(
          "select",
          { id: "opt-first", onchange: (event) => (options.first_player = valueOf(event)) },
          h("option", { value: "" }, t("first_random")),
          range(0, form.players - 1).map((seat) =>
            h("option", { value: seat, selected: String(options.first_player) === String(seat) }, seat === 0 ? t("you") : t("seat_n", { n: seat + 1 })),
          ),
        ),
      ),
      form.players === 2 ? check("face_up", t("face_up"), true) : null,
      premium ? check("princess_beats_bishop", t("bishop_option"), true) : null,
      premium ? check("constable_when_knocked_out", t("constable_option"), false) : null,
      h(
        "label",
        { class: "check" },
        h("input", { type: "checkbox", id: "opt-hints", checked: form.hints, onchange: (event) => (form.hints = checkedOf(event)) }),
        t("hints_option"),
      ),
    );
  }

  /** @param {Event} event */
  async function create(event) {
    event.preventDefault();
    const account = signedIn();
    const name = account ? account.name : form.name.trim();
    if (!name) {
      toast(t("name_blank"), "error"); // checked before anything is created
      document.getElementById("name")?.focus();
      return;
    }
    const button = /** @type {HTMLButtonElement} */ (document.getElementById("create"));
    button.disabled = true;
    button.textContent = t("creating");
    try {
      const seats = [{ kind: "open" }, ...form.seats.slice(1, form.players).map(seatSpec)];
      const created = await api.createTable({ edition: form.edition, seats, options: tableOptions(), lang: lang(), hints: form.hints, public: form.public, ...timeSpec(form) });
      await takeSeat(created.table, name, created.host_token);
      if (seats.every((seat) => seat.kind === "bot" || seat === seats[0])) {
        await api.start(created.table, created.host_token);
      }
      location.assign(`/t/${created.table}`);
    } catch (error) {
      toast(t("error", { message: errorText(/** @type {import("./api.js").ApiError} */ (error)) }), "error");
      button.disabled = false;
      button.textContent = t("create");
    }
  }

  /** The table options that differ from the edition's rules. */
  function tableOptions() {
    /** @type {Record<string, number | string | boolean>} */
    const options = {};
    const tokens = Number(form.options.tokens_to_win);
    if (tokens >= 1) options.tokens_to_win = tokens;
    if (form.options.tie_rule === "nobody") options.tie_rule = "nobody";
    if (form.options.first_player !== undefined && form.options.first_player !== "") {
      const first = Number(form.options.first_player);
      if (first < form.players) options.first_player = first;
    }
    if (form.players === 2 && form.options.face_up === false) options.face_up = false;
    if (edition().id === "premium" && form.players >= 5) {
      for (const key of /** @type {const} */ (["princess_beats_bishop", "constable_when_knocked_out"])) {
        const value = form.options[key];
        if (value !== undefined) options[key] = value;
      }
    }
    return options;
  }

  function joinForm() {
    const input = h("input", { id: "join-link", required: true, "aria-describedby": "join-hint", autocomplete: "off" });
    /** @param {Event} event */
    const join = (event) => {
      event.preventDefault();
      const text = input.value.trim();
      const found = text.match(/\/[tw]\/([\w-]+)/) || text.match(/^([\w-]{4,24})$/);
      if (found) location.assign(`/t/${found[1]}`);
      else toast(t("table_not_found"), "error");
    };
    return h(
      "form",
      { class: "panel join", onsubmit: join },
      h("h2", {}, t("join_table")),
      field(t("link_or_code"), input, h("small", { id: "join-hint" }, t("join_hint"))),
      h("button", { type: "submit" }, t("join")),
    );
  }

  function howTo() {
    return h(
      "section",
      { class: "panel how" },
      h("h2", {}, t("how_to_play")),
      h("ol", {}, ["how_1", "how_2", "how_3", "how_4"].map((key) => h("li", {}, t(key)))),
      h("p", { class: "muted" }, t("replay_hint")),
      h("p", {}, h("a", { href: "/leaderboard", id: "leaderboard-link" }, t("leaderboard_link"))),
    );
  }

  load().catch((error) => toast(t("error", { message: error.message }), "error"));
  games = watchGames(drawGames);
  return { onLang: () => load() };
}

/** @param {string} choice */
function seatSpec(choice) {
  return choice === "open" ? { kind: "open" } : { kind: "bot", level: choice.slice(4) };
}

/**
 * @param {number} from
 * @param {number} to
 */
function range(from, to) {
  const numbers = [];
  for (let n = from; n <= to; n++) numbers.push(n);
  return numbers;
}
