// A table: the lobby (seats, invitation link, start), then the game as your seat
// sees it (or as a spectator), with the round summaries and the end of the game.
// What the page knows lives in state.js; this module feeds it events and draws it.

import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { loadDeck } from "./cards.js";
import { setInfoDeck } from "./cardinfo.js";
import { createChat } from "./chat.js";
import { clockNotes, lobbyClocks, markSeats, syncClock } from "./clocks.js";
import { handAndChoices } from "./chooser.js";
import { Connection } from "./connection.js";
import { field, h, keepFocus, replace, toast } from "./dom.js";
import { errorText } from "./errors.js";
import { Hints } from "./hint.js";
import { hostBadge, hostTools, isHost, mayStart } from "./hostctl.js";
import { inviteBlock, loadLinks, watchBlock } from "./invite.js";
import { lang, levelName, t } from "./i18n.js";
import { drawArrows, flyCard } from "./motion.js";
import { lastMove, revealedHands } from "./moves.js";
import { soundToggle, yourTurn } from "./notify.js";
import { sidePanels } from "./panels.js";
import { fitStrip, privatePanel, recentStrip } from "./recent.js";
import { chosenAction, gameOf, initialState, isOver, myTurn, reduce } from "./state.js";
import { store } from "./store.js";
import { gameEnd, roundSummary } from "./summary.js";

/** How long the outcome of a play shows on the seats it touched. */
const FLASH_MS = 3500;

export function tablePage(main, tableId, { watch }) {
  let seat = watch ? null : store.seat(tableId); // {seat, token} on this device
  let state = initialState();
  let rendered = null; // the view last drawn (what the animations start from)
  let deck = null;
  let deckKey = "";
  let keys = new Map(); // the keyboard's choices in what is drawn
  let connection = null;
  let flown = null; // the last play whose card flew already
  let wasMyTurn = false;
  let links = null; // where invitation links point (/api/links)
  const chat = createChat((message) => (connection ? connection.send(message) : null));
  const hints = new Hints(() => connection.hint(), () => render());
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
      onChat: (message) => chat.receive(message),
      onHint: (message) => hints.received(message),
      onStatus: (status) => {
        const before = state;
        state = reduce(state, { type: "status", status });
        if (state !== before && state.message) render();
      },
    });
    connection.open();
  }

  // ---------------------------------------------------------------- messages

  function onState(message) {
    syncClock(message);
    const before = state;
    state = reduce(state, message);
    scheduleFlash(before);
    const game = gameOf(state);
    if (game !== gameOf(before)) {
      state = reduce(state, { type: "remembered", notes: store.notes(tableId, game) });
      rendered = null;
      if (dialog.open) dialog.close();
    }
    if (message.view && message.you.seat !== null) store.setNotes(tableId, game, state.notes);
    ensureDeck().then(render);
  }

  function onError(error) {
    hints.refused(error);
    state = reduce(state, error);
    if (error.code === "bad_token" || error.code === "removed") {
      store.setSeat(tableId, null);
      seat = null;
      toast(t(error.code), "error");
      connect();
      return;
    }
    if (error.code === "unknown_table") {
      notice(t("unknown_table"));
      return;
    }
    toast(errorText(error), "error");
    if (state.message) render();
  }

  async function ensureDeck() {
    links = await loadLinks();
    const table = state.message.table;
    const key = `${lang()}/${table.edition}/${table.seats.length}`;
    if (key !== deckKey) {
      deck = await loadDeck(lang(), table.edition, table.seats.length);
      deckKey = key;
      setInfoDeck(deck);
    }
  }

  // ---------------------------------------------------------------- drawing

  function render() {
    const message = state.message;
    if (!message || !deck) return;
    const edition = deck.edition.name;
    if (message.table.status === "lobby") {
      document.getElementById("topbar-info").textContent = edition;
      document.title = `${t("lobby_title", { id: tableId })} — Love Letter`;
      keepFocus(() => replace(main, lobby(message)));
      return;
    }
    const view = message.view;
    const me = message.you.seat;
    const move = lastMove(view);
    const moveKey = move ? `${view.round}:${move.index}` : null;
    const ctx = { deck, view, table: message.table, me, previous: rendered, move, flash: moveKey !== null && state.flash === moveKey, review: revealedHands(view, me) };
    const deciding = myTurn(state);
    if (deciding && !wasMyTurn) yourTurn(tableId);
    wasMyTurn = deciding;
    const info = [t("round", { n: view.round }), t("tokens_goal", { n: view.tokens_to_win }), edition];
    if (me === null) info.push(t("spectating"));
    document.getElementById("topbar-info").textContent = info.join(" · ");
    document.title = deciding ? `${t("your_turn_title")} — Love Letter` : `Love Letter — ${edition}`;
    const n = view.players.length;
    const others = me === null ? view.players.map((_, s) => s) : [...Array(n - 1).keys()].map((i) => (me + 1 + i) % n);
    let mine = null;
    keys = new Map();
    if (me !== null) {
      const drawn = handAndChoices(ctx, state, handlers);
      keys = drawn.keys;
      mine = seatPanel(ctx, me, h("div", { class: "hand-row" }, drawn.hand, drawn.panel));
    }
    const turn = state.pending ? "waiting" : deciding ? "me" : "other";
    // Private results sit at the top of the side column, never over the table; when
    // the side column goes below the table, under the last-turns strip.
    const narrow = window.matchMedia("(max-width: 980px)").matches;
    const privates = privatePanel(ctx, state.overlays, dismiss);
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
        statusBar(ctx, deciding),
        recentStrip(ctx),
        hints.view(message, deciding),
        narrow ? privates : null,
        // From six players the middle of the table takes a cell among the seats.
        h("div", { class: "opponents" }, others.map((s) => seatPanel(ctx, s)), n >= 6 ? tableCenter(ctx) : null),
        n >= 6 ? null : tableCenter(ctx),
        mine,
        isHost(message.table, me, store.hostToken(tableId)) ? hostTools(message.table, view.players, me, (m) => connection.send(m)) : null,
        narrow ? [watchBlock(tableId, links), chatPanel(message, me)] : null,
      ),
      // On a wide screen the links and the chat go under the log: the table never scrolls.
      sidePanels(ctx, state, selectTab, narrow ? null : privates, narrow ? null : [watchBlock(tableId, links), chatPanel(message, me)]),
    );
    markSeats(root, message.table, view);
    const log = document.getElementById("log");
    const atBottom = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 40;
    keepFocus(() => replace(main, root));
    const newLog = document.getElementById("log");
    if (newLog && atBottom) newLog.scrollTop = newLog.scrollHeight;
    const board = root.querySelector(".board");
    const strip = board.querySelector(".recent-list");
    if (strip) fitStrip(strip);
    if (ctx.flash) {
      drawArrows(board, move);
      if (flown !== moveKey) flyCard(board, move, me);
      flown = moveKey;
    }
    tools();
    rendered = view;
    showSummaryIfDue(ctx);
  }

  /** The table's own tools in the top bar: the sound toggle. */
  function tools() {
    const spot = document.getElementById("table-tools");
    if (spot) keepFocus(() => replace(spot, soundToggle(render)));
  }

  function dismiss(key) {
    state = reduce(state, { type: "dismiss", key });
    render();
  }

  /** The outcome of a new play shows for a while, then only the highlight stays. */
  function scheduleFlash(before) {
    const key = state.flash;
    if (key && key !== before.flash) {
      setTimeout(() => {
        const was = state;
        state = reduce(state, { type: "flash_over", key });
        if (state !== was) render();
      }, FLASH_MS);
    }
  }

  function statusBar(ctx, deciding) {
    const { view } = ctx;
    let text;
    let kind = "wait";
    if (state.status === "lost") {
      text = t("reconnecting");
      kind = "alert";
    } else if (state.pending) {
      text = t("sending");
    } else if (deciding) {
      text = view.phase === "play" && !state.choice.word ? t("choose_card") : t("your_choice");
      kind = "turn";
    } else if (view.phase === "game_over") {
      text = t("game_over");
    } else if (view.phase === "round_over") {
      text = `${t("round_over")} ${t("next_round_soon")}`;
    } else {
      const name = view.players[view.to_move];
      const step = view.pending ? `waiting_step_${view.pending.step}` : "waiting_for";
      text = t(step, { name, card: view.pending ? ctx.deck.name(view.pending.step) : "" });
    }
    return h(
      "div",
      { class: `status status-${kind}`, role: "status", id: "status" },
      deciding ? h("strong", { class: "status-turn" }, t("your_turn")) : null,
      h("span", {}, text),
      ctx.me === null && !watch ? h("span", { class: "watch-note", id: "started-note" }, t("game_started_watch")) : null,
      clockNotes(ctx.table, view, ctx.me, () => connection.send({ type: "back" })),
      isOver(view) && view.results.length
        ? h("button", { type: "button", class: "ghost small", id: "show-summary", "data-focus": "show-summary", onclick: () => openSummary(ctx) }, t("show_results"))
        : null,
    );
  }

  function lobby(message) {
    const table = message.table;
    const mySeat = message.you.seat;
    const host = store.hostToken(tableId);
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
          s.kind === "bot" ? h("span", { class: "badge badge-bot" }, t("badge_bot", { level: levelName(s.level) })) : null,
          s.seat === mySeat ? h("span", { class: "badge badge-you" }, t("badge_you")) : null,
          hostBadge(table, s.seat),
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
        state.joinError ? h("p", { class: "note" }, errorText(state.joinError)) : null,
      );
    } else if (mySeat === null && !watch) {
      action = h("p", {}, t("table_full"));
    } else if (mayStart(table, mySeat, host)) {
      action = [
        isHost(table, mySeat, host) ? null : h("p", { class: "muted" }, t("host_gone_start")),
        h("button", { type: "button", class: "primary big", id: "start", onclick: () => connection.start(host) }, t("start")),
      ];
    } else {
      action = h("p", { class: "muted" }, t("host_only"));
    }
    const tools = isHost(table, mySeat, host) ? hostTools(table, [], mySeat, (m) => connection.send(m)) : null;
    return h(
      "section",
      { class: "lobby panel" },
      h("h1", {}, t("lobby_title", { id: tableId })),
      h("p", { class: "muted" }, deck.edition.name),
      inviteBlock(tableId, links),
      seats,
      lobbyClocks(table),
      h("p", { class: "muted small" }, t("waiting_players")),
      action,
      tools,
      chatPanel(message, mySeat),
    );
  }

  function chatPanel(message, me) {
    const host = isHost(message.table, me, store.hostToken(tableId));
    return chat.panel({ seated: me !== null, table: message.table, host });
  }

  async function takeSeat(event, name) {
    event.preventDefault();
    if (!name.trim()) {
      state = reduce(state, { type: "join_failed", code: "name_blank", message: t("name_blank") });
      render();
      return;
    }
    try {
      const joined = await api.join(tableId, name.trim());
      store.setName(name.trim());
      seat = { seat: joined.seat, token: joined.token };
      store.setSeat(tableId, seat);
      state = reduce(state, { type: "joined" });
      connect();
    } catch (error) {
      state = reduce(state, { type: "join_failed", code: error.code, message: error.message });
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
    if (isOver(view) && view.results.length > state.reviewed) {
      state = reduce(state, { type: "reviewed", count: view.results.length });
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
    const message = state.message;
    const end =
      view.phase === "game_over"
        ? gameEnd(ctx, {
            rematch: mayStart(message.table, ctx.me, host) && ctx.me !== null ? () => connection.rematch(host) : null,
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
      state = reduce(state, { type: "select_card", card });
      render();
      focusChoice();
    },
    pick(arg) {
      const before = state;
      state = reduce(state, { type: "pick", arg });
      const action = chosenAction(state);
      if (action) {
        if (!handlers.send(action)) {
          state = before; // not sent: the last step is to be made again, not half-kept
          render();
        }
      } else {
        render();
        focusChoice();
      }
    },
    toggleSeat(seat) {
      state = reduce(state, { type: "toggle_seat", seat });
      render();
    },
    back() {
      state = reduce(state, { type: "back" });
      render();
      focusChoice();
    },
    send(text) {
      const id = connection.action(text);
      if (id === null) {
        toast(t("not_connected"), "error");
        return false;
      }
      state = reduce(state, { type: "sent", id });
      render();
      return true;
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
    state = reduce(state, { type: "tab", tab: name });
    render();
    if (focus) document.getElementById(`tab-${name}`).focus();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || dialog.open) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key === "Enter" && event.target.closest && event.target.closest("button, a, [data-info]")) return;
    const action = keys.get(event.key);
    if (action) {
      event.preventDefault();
      action();
    }
  }

  connect();
  return {
    onLang() {
      if (connection) connection.setLang(lang());
      if (state.message) ensureDeck().then(render);
    },
  };
}
