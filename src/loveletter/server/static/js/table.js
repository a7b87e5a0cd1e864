// A table: the lobby (seats, invitation link, start), then the game as your seat
// sees it (or as a spectator), with the round summaries and the end of the game.

import { byWord, nextStep } from "./actions.js";
import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { loadDeck } from "./cards.js";
import { handAndChoices } from "./chooser.js";
import { Connection } from "./connection.js";
import { field, h, keepFocus, replace, toast } from "./dom.js";
import { lang, t } from "./i18n.js";
import { roundNotes, sidePanels } from "./panels.js";
import { store } from "./store.js";
import { gameEnd, roundSummary } from "./summary.js";

/** Error codes the interface words itself; others show the server's message. */
const OWN_WORDS = new Set(["not_your_turn", "name_taken", "unknown_table", "bad_token"]);

export function tablePage(main, tableId, { watch }) {
  let seat = watch ? null : store.seat(tableId); // {seat, token} on this device
  const ui = {
    message: null, // the latest state
    rendered: null, // the view last drawn (what the animations start from)
    deck: null,
    deckKey: "",
    choice: { word: null, picks: [], seats: [] },
    choiceKey: "",
    pending: null, // {id, position} of an action on its way
    status: "connecting",
    tab: "log",
    log: [], // [{round, lines}] of this game
    notes: {}, // {round: [{turn, event}]} of this game
    reviewed: null, // the last round whose summary was shown
    keys: new Map(),
    joinError: "",
  };
  let connection = null;
  const dialog = h("dialog", { class: "dialog", id: "round-dialog" });
  document.body.append(dialog);
  document.addEventListener("keydown", onKey);

  function connect() {
    if (connection) connection.close();
    connection = new Connection({
      table: tableId,
      token: seat ? seat.token : null,
      lang: lang(),
      onState,
      onError,
      onStatus: (status) => {
        if (status === ui.status) return;
        ui.status = status;
        if (ui.message) render();
      },
    });
    connection.open();
  }

  // ---------------------------------------------------------------- messages

  function onState(message) {
    const before = ui.message;
    if (!before || before.table.game !== message.table.game) {
      ui.log = [];
      ui.notes = store.notes(tableId, message.table.game);
      ui.reviewed = null;
      ui.rendered = null;
      if (dialog.open) dialog.close();
    }
    if (message.position) keepLog(message);
    const view = message.view;
    if (view && ui.reviewed === null) {
      // Past rounds' summaries are not shown again on arrival; the one just over is.
      const over = view.phase === "round_over" || view.phase === "game_over";
      ui.reviewed = view.results.length - (over ? 1 : 0);
    }
    if (ui.pending && JSON.stringify(message.position) !== ui.pending.position) ui.pending = null;
    const key = view ? `${view.legal_actions.join("|")}@${JSON.stringify(message.position)}` : "";
    if (key !== ui.choiceKey) {
      ui.choice = { word: null, picks: [], seats: [] };
      ui.choiceKey = key;
    }
    if (view && message.you.seat !== null) {
      ui.notes[view.round] = roundNotes(view, message.you.seat);
      store.setNotes(tableId, message.table.game, ui.notes);
    }
    ui.message = message;
    ensureDeck().then(render);
  }

  function keepLog(message) {
    const round = message.position.round;
    const entry = ui.log.find((item) => item.round === round);
    if (!entry) ui.log.push({ round, lines: [...message.log] });
    else if (message.log_reset) entry.lines = [...message.log];
    else entry.lines.push(...message.log);
  }

  function onError(error) {
    if (ui.pending && error.ref === ui.pending.id) ui.pending = null;
    if (error.code === "bad_token") {
      store.setSeat(tableId, null);
      seat = null;
      toast(t("bad_token"), "error");
      connect();
      return;
    }
    if (error.code === "unknown_table") {
      notice(t("unknown_table"));
      return;
    }
    toast(OWN_WORDS.has(error.code) ? t(error.code) : error.message, "error");
    if (ui.message) render();
  }

  async function ensureDeck() {
    const table = ui.message.table;
    const key = `${lang()}/${table.edition}/${table.seats.length}`;
    if (key !== ui.deckKey) {
      ui.deck = await loadDeck(lang(), table.edition, table.seats.length);
      ui.deckKey = key;
    }
  }

  // ---------------------------------------------------------------- drawing

  function render() {
    const message = ui.message;
    if (!message || !ui.deck) return;
    const edition = ui.deck.edition.name;
    if (message.table.status === "lobby") {
      document.getElementById("topbar-info").textContent = edition;
      document.title = `${t("lobby_title", { id: tableId })} — Love Letter`;
      keepFocus(() => replace(main, lobby(message)));
      return;
    }
    const view = message.view;
    const me = message.you.seat;
    const ctx = { deck: ui.deck, view, table: message.table, me, previous: ui.rendered };
    const myTurn = view.legal_actions.length > 0 && !ui.pending;
    const info = [t("round", { n: view.round }), t("tokens_goal", { n: view.tokens_to_win }), edition];
    if (me === null) info.push(t("spectating"));
    document.getElementById("topbar-info").textContent = info.join(" · ");
    document.title = myTurn ? `${t("your_turn_title")} — Love Letter` : `Love Letter — ${edition}`;
    const n = view.players.length;
    const others = me === null ? view.players.map((_, s) => s) : [...Array(n - 1).keys()].map((i) => (me + 1 + i) % n);
    let mine = null;
    ui.keys = new Map();
    if (me !== null) {
      const { hand, panel, keys } = handAndChoices(ctx, ui, handlers);
      ui.keys = keys;
      mine = seatPanel(ctx, me, h("div", { class: "hand-row" }, hand, panel));
    }
    const turn = ui.pending ? "waiting" : myTurn ? "me" : "other";
    const root = h(
      "div",
      {
        class: `game players-${n}`,
        "data-turn": turn,
        "data-phase": view.phase,
        "data-version": message.version,
        "data-to-move": view.to_move ?? "",
        "data-me": me ?? "",
      },
      h(
        "div",
        { class: "board" },
        statusBar(ctx, myTurn),
        h("div", { class: "opponents" }, others.map((s) => seatPanel(ctx, s))),
        tableCenter(ctx),
        mine,
      ),
      sidePanels(ctx, ui, selectTab),
    );
    const log = document.getElementById("log");
    const atBottom = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    keepFocus(() => replace(main, root));
    const newLog = document.getElementById("log");
    if (newLog && atBottom) newLog.scrollTop = newLog.scrollHeight;
    ui.rendered = view;
    showSummaryIfDue(ctx);
  }

  function statusBar(ctx, myTurn) {
    const { view } = ctx;
    let text;
    let kind = "wait";
    if (ui.status === "lost") {
      text = t("reconnecting");
      kind = "alert";
    } else if (ui.pending) {
      text = t("sending");
    } else if (myTurn) {
      text = view.phase === "play" && !ui.choice.word ? t("choose_card") : t("your_choice");
      kind = "turn";
    } else if (view.phase === "game_over") {
      text = t("game_over");
    } else if (view.phase === "round_over") {
      text = `${t("round_over")} ${t("next_round_soon")}`;
    } else {
      const name = view.players[view.to_move];
      const step = view.pending ? `waiting_step_${view.pending.step}` : "waiting_for";
      text = t(step, { name });
    }
    const over = view.phase === "round_over" || view.phase === "game_over";
    return h(
      "div",
      { class: `status status-${kind}`, role: "status", id: "status" },
      myTurn ? h("strong", { class: "status-turn" }, t("your_turn")) : null,
      h("span", {}, text),
      over && view.results.length
        ? h("button", { type: "button", class: "ghost small", id: "show-summary", "data-focus": "show-summary", onclick: () => openSummary(ctx) }, t("show_results"))
        : null,
    );
  }

  function lobby(message) {
    const table = message.table;
    const mySeat = message.you.seat;
    const host = store.hostToken(tableId);
    const invite = `${location.origin}/t/${tableId}`;
    const open = table.seats.some((s) => s.kind === "open");
    const seats = h(
      "ol",
      { class: "lobby-seats" },
      table.seats.map((s) =>
        h(
          "li",
          { class: s.seat === mySeat ? "is-me" : "" },
          h("span", { class: "seat-label" }, t("seat_n", { n: s.seat + 1 })),
          h("span", { class: "seat-who" }, s.kind === "open" ? t("open_seat") : s.name),
          s.kind === "bot" ? h("span", { class: "badge badge-bot" }, t("badge_bot", { level: t(`level_${s.level}`) })) : null,
          s.seat === mySeat ? h("span", { class: "badge badge-you" }, t("badge_you")) : null,
          s.kind === "human" && s.seat !== mySeat && !s.online ? h("span", { class: "badge badge-offline" }, t("badge_offline")) : null,
        ),
      ),
    );
    let action;
    if (mySeat === null && open && !watch) {
      const input = h("input", { id: "join-name", required: true, maxlength: 24, value: store.name(), autocomplete: "nickname" });
      action = h(
        "form",
        { class: "take-seat", onsubmit: (event) => takeSeat(event, input.value) },
        field(t("your_name"), input),
        h("button", { type: "submit", class: "primary" }, t("take_seat")),
        ui.joinError ? h("p", { class: "note" }, ui.joinError) : null,
      );
    } else if (mySeat === null && !watch) {
      action = h("p", {}, t("table_full"));
    } else if (host) {
      action = h("button", { type: "button", class: "primary big", id: "start", onclick: () => connection.start(host) }, t("start"));
    } else {
      action = h("p", { class: "muted" }, t("host_only"));
    }
    const copy = async () => {
      try {
        await navigator.clipboard.writeText(invite);
        toast(t("copied"));
      } catch {
        document.getElementById("invite").select();
      }
    };
    return h(
      "section",
      { class: "lobby panel" },
      h("h1", {}, t("lobby_title", { id: tableId })),
      h("p", { class: "muted" }, ui.deck.edition.name),
      h("label", { for: "invite" }, t("invite")),
      h("div", { class: "invite" }, h("input", { id: "invite", readonly: true, value: invite, onfocus: (event) => event.target.select() }), h("button", { type: "button", onclick: copy }, t("copy"))),
      seats,
      h("p", { class: "muted small" }, t("waiting_players")),
      action,
    );
  }

  async function takeSeat(event, name) {
    event.preventDefault();
    try {
      const joined = await api.join(tableId, name.trim());
      store.setName(name.trim());
      seat = { seat: joined.seat, token: joined.token };
      store.setSeat(tableId, seat);
      ui.joinError = "";
      connect();
    } catch (error) {
      ui.joinError = OWN_WORDS.has(error.code) ? t(error.code) : error.message;
      render();
    }
  }

  function notice(text) {
    if (connection) connection.close();
    replace(main, h("section", { class: "panel notice" }, h("p", {}, text), h("a", { class: "button", href: "/" }, t("new_table_link"))));
  }

  // ---------------------------------------------------------------- summaries

  function showSummaryIfDue(ctx) {
    const { view } = ctx;
    const over = view.phase === "round_over" || view.phase === "game_over";
    if (over && view.results.length > ui.reviewed) {
      ui.reviewed = view.results.length;
      openSummary(ctx);
    } else if (dialog.open) {
      fillDialog(ctx);
    }
  }

  function openSummary(ctx) {
    fillDialog(ctx);
    if (!dialog.open) dialog.showModal();
    const primary = dialog.querySelector(".primary");
    if (primary) primary.focus();
  }

  function fillDialog(ctx) {
    const { view } = ctx;
    const result = view.results[view.results.length - 1];
    if (!result) return;
    const host = store.hostToken(tableId);
    const message = ui.message;
    const end =
      view.phase === "game_over"
        ? gameEnd(ctx, {
            rematch: host && ctx.me !== null ? () => connection.rematch(host) : null,
            replay: `/r/${tableId}/${message.table.game}`,
            record: message.record,
          })
        : null;
    const close = h("button", { type: "button", class: end ? "ghost" : "primary", id: "continue", "data-focus": "continue", onclick: () => dialog.close() }, t("continue"));
    keepFocus(() => replace(dialog, h("div", { class: "dialog-body" }, end, roundSummary(ctx, result), h("div", { class: "dialog-foot" }, close))));
  }

  // ---------------------------------------------------------------- choosing

  const handlers = {
    selectCard(card) {
      // A second click on the chosen card puts it back.
      ui.choice = { word: ui.choice.word === card ? null : card, picks: [], seats: [] };
      render();
      focusChoice();
    },
    pick(arg) {
      const choice = ui.choice;
      const word = ui.message.view.phase === "chancellor" ? "keep" : ui.message.view.phase === "cardinal" ? "look" : choice.word;
      const actions = byWord(ui.message.view.legal_actions).get(word) || [];
      choice.picks.push(arg);
      let step = nextStep(actions, choice.picks);
      // The order of the cards left under the deck: one possible order needs no question.
      while (word === "keep" && !step.done && step.options.length === 1) {
        choice.picks.push(step.options[0]);
        step = nextStep(actions, choice.picks);
      }
      if (step.done) handlers.send(step.done);
      else {
        render();
        focusChoice();
      }
    },
    toggleSeat(seat) {
      const seats = ui.choice.seats;
      ui.choice.seats = seats.includes(seat) ? seats.filter((s) => s !== seat) : [...seats, seat];
      render();
    },
    back() {
      const choice = ui.choice;
      if (choice.picks.length) choice.picks.pop();
      else if (choice.seats.length) choice.seats = [];
      else choice.word = null;
      render();
      focusChoice();
    },
    send(text) {
      const id = connection.action(text);
      if (id === null) {
        toast(t("not_connected"), "error");
        return;
      }
      ui.pending = { id, position: JSON.stringify(ui.message.position) };
      render();
    },
  };

  /** Keyboard focus on the first choice of the step, else on the chosen (or first) card. */
  function focusChoice() {
    const target =
      main.querySelector(".choices .option, .choices .confirm:not([disabled])") ||
      main.querySelector('.hand-card[aria-pressed="true"], .hand-card:not([aria-disabled])');
    if (target) target.focus();
  }

  function selectTab(name, focus = false) {
    ui.tab = name;
    render();
    if (focus) document.getElementById(`tab-${name}`).focus();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || dialog.open) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key === "Enter" && event.target.closest && event.target.closest("button, a")) return;
    const action = ui.keys.get(event.key);
    if (action) {
      event.preventDefault();
      action();
    }
  }

  connect();
  return {
    onLang() {
      if (connection) connection.setLang(lang());
      if (ui.message) ensureDeck().then(render);
    },
  };
}
