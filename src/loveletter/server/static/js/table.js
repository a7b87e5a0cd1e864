// @ts-check
// A table: the lobby (seats, invitation link, start), then the game as your seat
// sees it (or as a spectator), with the round summaries and the end of the game.
// One store holds the page's state (store.js, reduced by state.js): the connection's
// messages and the player's intents are dispatched to it, and the page subscribes to
// draw it. Each part of the page is built again only when what it shows changed, and
// patched into the page (dom.js), so the focus, a line being typed and the open
// panels stay where they are.

import { api } from "./api.js";
import { seatPanel, tableCenter } from "./board.js";
import { loadDeck } from "./cards.js";
import { installCardInfo } from "./cardinfo.js";
import { chatPanel } from "./chat.js";
import { clockNotes, lobbyClocks, tickClocks, timerText, turnBased } from "./clocks.js";
import { handAndChoices } from "./chooser.js";
import { offerLesson } from "./learn.js";
import { Connection } from "./connection.js";
import { field, h, patch, regions, toast, valueOf } from "./dom.js";
import { errorText } from "./errors.js";
import { hintBox } from "./hint.js";
import { hostBadge, hostTools, isHost, mayStart } from "./hostctl.js";
import { botName, lang, levelName, t } from "./i18n.js";
import { inviteBlock, watchBlock } from "./invite.js";
import { drawArrows, flyCard } from "./motion.js";
import { lastMove, revealedHands } from "./moves.js";
import { soundToggle, yourTurn } from "./notify.js";
import { shownTab, tabBar, tabPanel } from "./panels.js";
import { fitOutcomes, fitStrip, privatePanel, recentStrip } from "./recent.js";
import { seatName, takeSeat as takeSeatAt } from "./seating.js";
import { chosenAction, gameOf, initialState, isOver, myTurn, reduce } from "./state.js";
import { session, signedIn } from "./session.js";
import { storage } from "./storage.js";
import { createStore } from "./store.js";
import { gameEnd, roundSummary } from "./summary.js";

/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./chooser.js").Choosing} Choosing */
/** @typedef {import("./protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("./protocol.js").StateMessage} StateMessage */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./state.js").TableState} TableState */
/** @typedef {import("./state.js").TableEvent} TableEvent */
/** @typedef {import("./state.js").Panel} Panel */
/** @typedef {import("./state.js").Tab} Tab */

/** How long the outcome of a play shows on the seats it touched. */
const FLASH_MS = 3500;
/** How often the countdowns of the page are brought up to date. */
const TICK_MS = 250;
/** Below this width the side column goes under the table. */
const NARROW = "(max-width: 980px)";
/** How far from its bottom the log still follows new lines, in pixels. */
const LOG_FOLLOWS = 40;

/**
 * @param {HTMLElement} main
 * @param {string} tableId
 * @param {{watch: boolean}} options  a spectator's page (the /w/ link)
 */
export function tablePage(main, tableId, { watch }) {
  const narrow = window.matchMedia(NARROW);
  const store = createStore(
    reduce,
    initialState({
      lang: lang(),
      seat: watch ? null : storage.seat(tableId),
      hostToken: storage.hostToken(tableId),
      name: storage.name(),
      sound: storage.sound(),
      narrow: narrow.matches,
    }),
  );
  const { dispatch, getState } = store;
  const connection = new Connection({
    table: tableId,
    token: getState().seat?.token ?? null,
    lang: lang(),
    onMessage: received,
    onStatus: (status) => dispatch({ type: "status", status }),
  });
  const dialog = h("dialog", { class: "dialog", id: "round-dialog" });
  dialog.addEventListener("close", () => dispatch({ type: "summary", open: false }));
  document.body.append(dialog);
  installCardInfo(() => getState().deck?.deck ?? null);
  narrow.addEventListener("change", () => dispatch({ type: "narrow", narrow: narrow.matches }));
  document.addEventListener("keydown", onKey);
  setInterval(() => tickClocks(getState().clockOffset), TICK_MS);
  const draw = regions();
  store.subscribe(render);
  store.subscribe(effects);
  session.subscribe(accountChanged);

  /**
   * Signing in makes the seat this page holds the account's (a guest keeps their
   * seat), then plays as the account: its seat at this table, if it has one. Signing
   * out plays as the token this page holds, if any. (The first answer of who is
   * signed in changes nothing: the connection's cookie already said it.)
   * @param {import("./session.js").SessionState} now
   * @param {import("./session.js").SessionState} before
   */
  async function accountChanged(now, before) {
    if (!before.known || now.account?.id === before.account?.id) return;
    const seat = getState().seat;
    if (now.account && seat) {
      try {
        await api.claim(tableId, seat.token);
        toast(t("account_seat_claimed"));
      } catch (error) {
        toast(errorText(/** @type {{code: string, message: string}} */ (error)), "error");
      }
    }
    connection.reopen(seat?.token ?? null);
  }

  // ---------------------------------------------------------------- messages

  /** @param {ServerMessage} message */
  function received(message) {
    const game = gameOf(getState());
    dispatch(message.type === "state" ? withBotNames(message) : message);
    if (message.type === "state") {
      const finished = message.table.status === "finished" ? message.table.game : null;
      if (finished !== null && getState().ratings?.game !== finished) askRatings(finished);
      const offset = message.server_time - Date.now() / 1000;
      if (Math.abs(offset - getState().clockOffset) > TICK_MS / 1000) dispatch({ type: "clock", offset });
      const now = message.table.game;
      if (now !== game) dispatch({ type: "remembered", notes: storage.notes(tableId, now) });
      if (message.view && message.you.seat !== null) storage.setNotes(tableId, now, getState().notes);
    } else if (message.type === "error") {
      refused(message.code, errorText(message));
    }
  }

  /**
   * Ask once for the ratings a finished game changed (written before its end is told).
   * @param {number} game
   */
  function askRatings(game) {
    dispatch({ type: "ratings", game, changes: [] });
    api
      .gameRatings(tableId, game)
      .then((changes) => dispatch({ type: "ratings", game, changes }))
      .catch(() => {}); // the game's end shows no rating then, as for guests
  }

  /**
   * @param {string} code
   * @param {string} text
   */
  function refused(code, text) {
    if (code === "bad_token" || code === "removed") {
      storage.setSeat(tableId, null);
      dispatch({ type: "forgotten" });
      toast(errorText({ code, message: text }), "error");
      connection.reopen(null);
    } else if (code === "unknown_table") {
      connection.close();
      dispatch({ type: "notice", text: t("unknown_table") });
    } else {
      toast(text, "error");
    }
  }

  /**
   * What follows a change of state outside the page: the cards' words to load, the
   * outcome of a play to hide later, the turn's sound.
   * @param {TableState} state
   * @param {TableState} before
   */
  function effects(state, before) {
    const table = state.message?.table;
    const key = table ? `${state.lang}/${table.edition}/${table.seats.length}` : null;
    if (table && key && key !== state.deck?.key) {
      const wanted = key;
      loadDeck(state.lang, table.edition, table.seats.length).then((deck) => dispatch({ type: "deck", key: wanted, deck }));
      offerLesson(table.edition, table.seats.length);
    }
    const flash = state.flash;
    if (flash && flash !== before.flash) setTimeout(() => dispatch({ type: "flash_over", key: flash }), FLASH_MS);
    if (myTurn(state) && !myTurn(before)) yourTurn(tableId, state.sound);
  }

  // ---------------------------------------------------------------- drawing

  /**
   * @param {TableState} state
   * @param {TableState} before
   */
  function render(state, before) {
    if (state.notice) {
      patch(main, h("section", { class: "panel notice" }, h("p", {}, state.notice), h("a", { class: "button", href: "/" }, t("new_table_link"))));
      return;
    }
    const message = state.message;
    const deck = state.deck?.deck;
    if (!message || !deck) return;
    const info = document.getElementById("topbar-info");
    const view = message.view;
    // A turn-based table says its pace wherever the table is named: "1 day a move".
    const pace = turnBased(message.table.turn_timer) ? timerText(message.table.turn_timer) : null;
    if (message.table.status === "lobby" || !view) {
      if (info) info.textContent = [deck.edition.name, pace].filter(Boolean).join(" · ");
      document.title = `${[tableTitle(message.table), pace].filter(Boolean).join(" · ")} — Love Letter`;
      patch(main, draw("lobby", [message, deck, state.links, state.joinError, state.joinName, state.open, state.chat, state.lang, state.hostToken, signedIn()], () => lobby(state, message)));
      return;
    }
    const me = message.you.seat;
    const move = lastMove(view, deck);
    const moveKey = move ? `${view.round}:${move.index}` : null;
    /** @type {Ctx} */
    const ctx = {
      deck,
      view,
      table: message.table,
      me,
      previous: state.previous,
      move,
      flash: moveKey !== null && state.flash === moveKey,
      review: revealedHands(view, me),
      clockOffset: state.clockOffset,
    };
    const deciding = myTurn(state);
    const tools = document.getElementById("table-tools");
    if (tools) patch(tools, draw("sound", [state.sound, state.lang], () => soundToggle(state.sound, setSound)));
    const edition = deck.edition.name;
    const words = [t("round", { n: view.round }), t("tokens_goal", { n: view.tokens_to_win }), edition];
    if (pace) words.push(pace);
    if (me === null) words.push(t("spectating"));
    if (info) info.textContent = words.join(" · ");
    document.title = deciding ? `${t("your_turn_title")} — Love Letter` : `Love Letter — ${pace ? `${edition} · ${pace}` : edition}`;
    const log = document.getElementById("log");
    const following = !log || log.scrollHeight - log.scrollTop - log.clientHeight < LOG_FOLLOWS;
    patch(main, game(state, message, ctx, deciding));
    const newLog = document.getElementById("log");
    if (newLog && following) newLog.scrollTop = newLog.scrollHeight;
    const chatLines = document.getElementById("chat-lines");
    if (chatLines && state.chat.lines !== before.chat.lines) chatLines.scrollTop = chatLines.scrollHeight;
    const board = main.querySelector(".board");
    const strip = board && board.querySelector(".recent-list");
    if (strip) fitStrip(strip);
    if (board) fitOutcomes(board);
    if (board && ctx.flash) {
      drawArrows(board, move);
      if (state.flash !== before.flash) flyCard(board, move, me);
    }
    summary(state, message, ctx);
  }

  /**
   * The game: the board (status, last turns, seats, your hand) and the side column.
   * @param {TableState} state
   * @param {StateMessage} message
   * @param {Ctx} ctx
   * @param {boolean} deciding
   */
  function game(state, message, ctx, deciding) {
    const { view, me, deck } = ctx;
    const n = view.players.length;
    const others = me === null ? view.players.map((_, s) => s) : [...Array(n - 1).keys()].map((i) => (me + 1 + i) % n);
    const players = view.players.join("\n");
    const seatSlice = [view, message.table, ctx.previous, ctx.flash, deck, state.lang, state.clockOffset];
    const seat = (/** @type {number} */ s) => draw(`seat-${s}`, seatSlice, () => seatPanel(ctx, s));
    const center = draw("center", [view.deck_count, view.set_aside_taken, view.face_up.join(" "), deck, state.lang], () => tableCenter(ctx));
    const mine =
      me === null
        ? null
        : draw("mine", [...seatSlice, state.choice, state.pending], () => {
            const drawn = handAndChoices(ctx, state, choosing);
            return seatPanel(ctx, me, h("div", { class: "hand-row" }, drawn.hand, drawn.panel));
          });
    const host = isHost(message.table, me, state.hostToken);
    // Private results sit at the top of the side column, never over the table; when
    // the side column goes below the table, under the last-turns strip.
    const privates = draw("privates", [state.overlays, deck, state.lang, me, players], () => privatePanel(ctx, state.overlays, dismiss));
    const tools = [
      draw("watch", [state.links, state.open["watch-tools"], state.lang], () => watchBlock(tableId, state.links, state.open["watch-tools"], (open) => toggle("watch-tools", open))),
      draw("chat", [state.chat, message.table.spectator_chat, me, host, state.open.chat, state.lang], () => chat(state, message, me)),
    ];
    const tab = shownTab(me, state.tab);
    const panelSlice = tab === "log" ? [state.log] : tab === "notes" ? [state.notes, players, me] : [view, me];
    return h(
      "div",
      {
        class: `game players-${n}`,
        "data-turn": state.pending ? "waiting" : deciding ? "me" : "other",
        "data-phase": view.phase,
        "data-version": message.version,
        "data-to-move": view.to_move ?? "",
        "data-me": me ?? "",
      },
      h(
        "div",
        { class: "board" },
        draw("status", [state.status, state.pending, message, state.choice.word, state.lang, deck, state.clockOffset], () => statusBar(state, ctx, deciding)),
        draw("recent", [view, message.table.timed_out, deck, me, state.lang], () => recentStrip(ctx)),
        draw("hint", [message, state.hint, deciding, state.lang], () => hintBox(message, state.hint, deciding, askHint)),
        state.narrow ? privates : null,
        // The middle of the table takes a cell among the seats: a row of its own
        // would push your hand below the fold.
        h("div", { class: "opponents" }, others.map(seat), center),
        mine,
        draw("host-tools", [message.table, players, me, host, state.open["host-tools"], state.lang], () =>
          host ? hostTools(message.table, view.players, me, state.open["host-tools"], hostOrders) : null,
        ),
        state.narrow ? tools : null,
      ),
      // On a wide screen the links and the chat go under the log: the table never scrolls.
      h(
        "aside",
        { class: "side panel" },
        state.narrow ? null : privates,
        draw("tabs", [me, state.tab, state.lang], () => tabBar(me, state.tab, selectTab)),
        draw("tab-panel", [tab, ...panelSlice, deck, state.lang], () => tabPanel(ctx, state)),
        state.narrow ? null : tools,
      ),
    );
  }

  /**
   * @param {TableState} state
   * @param {Ctx} ctx
   * @param {boolean} deciding
   */
  function statusBar(state, ctx, deciding) {
    const { view, table } = ctx;
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
      const name = view.to_move === null ? "" : view.players[view.to_move];
      const step = view.pending ? `waiting_step_${view.pending.step}` : "waiting_for";
      text = t(step, { name, card: view.pending ? ctx.deck.name(view.pending.step) : "" });
    }
    return h(
      "div",
      { class: `status status-${kind}`, role: "status", id: "status" },
      deciding ? h("strong", { class: "status-turn" }, t("your_turn")) : null,
      h("span", {}, text),
      // Opened after the start, a game is watched; opened after its end, it is only over.
      ctx.me === null && !watch && view.phase !== "game_over" ? h("span", { class: "watch-note", id: "started-note" }, t("game_started_watch")) : null,
      table ? clockNotes(table, view, ctx.me, state.clockOffset, () => connection.send({ type: "back" })) : null,
      isOver(view) && view.results.length
        ? h("button", { type: "button", class: "ghost small", id: "show-summary", "data-focus": "show-summary", onclick: () => dispatch({ type: "summary", open: true }) }, t("show_results"))
        : null,
    );
  }

  /**
   * @param {TableState} state
   * @param {StateMessage} message
   */
  function lobby(state, message) {
    const table = message.table;
    const mySeat = message.you.seat;
    const host = state.hostToken;
    const open = table.seats.some((s) => s.kind === "open");
    const deck = state.deck?.deck;
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
    const guest = mySeat === null && !host;
    if (mySeat === null && open && !watch) {
      const account = signedIn();
      const input = h("input", {
        id: "join-name",
        required: true,
        maxlength: 24,
        value: account ? account.name : state.joinName,
        readonly: Boolean(account),
        autocomplete: "nickname",
        oninput: (event) => dispatch({ type: "join_name", name: valueOf(event) }),
      });
      action = h(
        "form",
        { class: "take-seat", onsubmit: takeSeat },
        field(t("your_name"), input, account ? h("small", {}, t("account_name_note")) : null),
        h("button", { type: "submit", class: "primary" }, t("take_seat")),
        state.joinError ? h("p", { class: "note" }, errorText(state.joinError)) : null,
      );
    } else if (mySeat === null && !watch) {
      action = h("p", {}, t("table_full"));
    } else if (mayStart(table, mySeat, host)) {
      action = [
        isHost(table, mySeat, host) ? null : h("p", { class: "muted" }, t("host_gone_start")),
        h("button", { type: "button", class: "primary big", id: "start", onclick: () => connection.start("start", host) }, t("start")),
      ];
    } else {
      action = h("p", { class: "muted" }, t("host_only"));
    }
    return h(
      "section",
      { class: "lobby panel" },
      h("h1", {}, tableTitle(table)),
      h("p", { class: "muted", id: "table-edition" }, [deck?.edition.name, turnBased(table.turn_timer) ? timerText(table.turn_timer) : null].filter(Boolean).join(" · ")),
      // A friend who opened the invitation takes a seat first; the links to share
      // are for those seated.
      guest ? action : null,
      guest ? null : inviteBlock(tableId, state.links),
      seats,
      lobbyClocks(table),
      table.public ? h("p", { class: "muted small", id: "table-public" }, t("table_public")) : null,
      h("p", { class: "muted small" }, t("waiting_players")),
      guest ? null : action,
      isHost(table, mySeat, host) ? hostTools(table, [], mySeat, state.open["host-tools"], hostOrders) : null,
      chat(state, message, mySeat),
    );
  }

  /**
   * A table's name: its host's ("Ana's table"), else its code.
   * @param {import("./protocol.js").TableInfo} table
   */
  function tableTitle(table) {
    const host = table.seats.find((seat) => seat.seat === table.host_seat);
    return host && host.kind === "human" && host.name ? t("lobby_title_host", { name: host.name }) : t("lobby_title", { id: tableId });
  }

  /**
   * @param {TableState} state
   * @param {StateMessage} message
   * @param {number | null} me
   */
  function chat(state, message, me) {
    const host = isHost(message.table, me, state.hostToken);
    return chatPanel({
      lines: state.chat.lines,
      draft: state.chat.draft,
      mayWrite: me !== null || message.table.spectator_chat,
      spectators: host ? message.table.spectator_chat : null,
      open: state.open.chat,
      onDraft: (text) => dispatch({ type: "chat_draft", text }),
      onSend: (line) => {
        if (connection.send(line) !== null && line.text) dispatch({ type: "chat_draft", text: "" });
      },
      onPolicy: (spectators) => connection.send({ type: "chat_policy", spectators }),
      onToggle: (open) => toggle("chat", open),
    });
  }

  /**
   * The dialog of a round's result (and the game's end): open while the state says so.
   * @param {TableState} state
   * @param {StateMessage} message
   * @param {Ctx} ctx
   */
  function summary(state, message, ctx) {
    const { view } = ctx;
    const result = view.results[view.results.length - 1];
    if (!state.summary || !result) {
      if (dialog.open) dialog.close();
      return;
    }
    patch(
      dialog,
      draw("summary", [message, state.lang, ctx.deck, state.hostToken, state.ratings], () => {
        const host = state.hostToken;
        const end =
          view.phase === "game_over"
            ? gameEnd(ctx, {
                rematch: mayStart(message.table, ctx.me, host) && ctx.me !== null ? () => connection.start("rematch", host) : null,
                replay: `/r/${tableId}/${message.table.game}`,
                record: message.record,
                ratings: state.ratings?.game === message.table.game ? state.ratings.changes : [],
              })
            : null;
        const close = h("button", { type: "button", class: end ? "ghost" : "primary", id: "continue", "data-focus": "continue", onclick: () => dispatch({ type: "summary", open: false }) }, t("continue"));
        return h("div", { class: "dialog-body" }, end, roundSummary(ctx, result), h("div", { class: "dialog-foot" }, close));
      }),
    );
    if (!dialog.open) {
      dialog.showModal();
      const primary = dialog.querySelector(".primary");
      if (primary instanceof HTMLElement) primary.focus();
    }
  }

  /**
   * The state with its bots' default names in the page's language, whatever the
   * table's ("Robot 2" in a French page; the server tells the log so too).
   * @param {StateMessage} message
   * @returns {StateMessage}
   */
  function withBotNames(message) {
    const bots = new Set(message.table.seats.filter((seat) => seat.kind === "bot").map((seat) => seat.seat));
    /** @param {string} name @param {number} seat */
    const say = (name, seat) => (bots.has(seat) ? botName(name) : name);
    if (![...bots].some((seat) => message.table.seats[seat].name !== say(message.table.seats[seat].name ?? "", seat))) return message;
    const seats = message.table.seats.map((seat) => (seat.name === null ? seat : { ...seat, name: say(seat.name, seat.seat) }));
    const view = message.view
      ? { ...message.view, players: message.view.players.map(say), seats: message.view.seats.map((seat, s) => ({ ...seat, name: say(seat.name, s) })) }
      : null;
    return { ...message, table: { ...message.table, seats }, view };
  }

  // ---------------------------------------------------------------- intents

  /** @param {boolean} on */
  function setSound(on) {
    storage.setSound(on);
    dispatch({ type: "sound", on });
  }

  /**
   * @param {Panel} panel
   * @param {boolean} open
   */
  function toggle(panel, open) {
    dispatch({ type: "panel", panel, open });
  }

  /** @param {string} key */
  function dismiss(key) {
    dispatch({ type: "dismiss", key });
  }

  function askHint() {
    const message = getState().message;
    const id = connection.send({ type: "hint" });
    if (id !== null && message) dispatch({ type: "hint_asked", id, version: message.version });
  }

  const hostOrders = {
    /** @param {{type: "remove" | "host", seat: number}} order */
    send: (order) => connection.send(order),
    /** @param {boolean} open */
    toggle: (open) => toggle("host-tools", open),
  };

  /**
   * @param {Tab} name
   * @param {boolean} [focus]
   */
  function selectTab(name, focus = false) {
    dispatch({ type: "tab", tab: name });
    if (focus) document.getElementById(`tab-${name}`)?.focus();
  }

  /** @param {Event} event */
  async function takeSeat(event) {
    event.preventDefault();
    const name = seatName(getState().joinName);
    if (!name) {
      dispatch({ type: "join_failed", code: "name_blank", message: t("name_blank") });
      return;
    }
    try {
      const seat = await takeSeatAt(tableId, name);
      dispatch({ type: "joined", seat });
      connection.reopen(seat.token);
    } catch (error) {
      const { code, message } = /** @type {{code?: string, message: string}} */ (error);
      dispatch({ type: "join_failed", code: code ?? "invalid", message });
    }
  }

  /** @type {Choosing} */
  const choosing = {
    selectCard(card) {
      dispatch({ type: "select_card", card });
      focusChoice();
    },
    pick(arg) {
      /** @type {TableEvent} */
      const event = { type: "pick", arg };
      const action = chosenAction(reduce(getState(), event));
      if (!action) {
        dispatch(event);
        focusChoice();
        return;
      }
      // Sent at once; when it cannot be sent, the last step is to be made again, not half-kept.
      const id = connection.action(action);
      if (id === null) {
        toast(t("not_connected"), "error");
        return;
      }
      dispatch(event);
      dispatch({ type: "sent", id });
    },
    toggleSeat(seat) {
      dispatch({ type: "toggle_seat", seat });
    },
    back() {
      dispatch({ type: "back" });
      focusChoice();
    },
    send(action) {
      const id = connection.action(action);
      if (id === null) toast(t("not_connected"), "error");
      else dispatch({ type: "sent", id });
    },
  };

  /** Keyboard focus on the first choice of the step, else on the chosen (or first) card. */
  function focusChoice() {
    const target =
      main.querySelector(".choices .option, .choices .confirm:not([disabled])") ||
      main.querySelector('.hand-card[aria-pressed="true"], .hand-card:not([aria-disabled])');
    if (target instanceof HTMLElement) target.focus();
  }

  /**
   * The button a key presses: each choice shows its key (a digit, a card's value);
   * Enter plays, Escape goes back a step.
   * @param {string} key
   * @returns {HTMLElement | null}
   */
  function keyButton(key) {
    if (key === "Enter") return main.querySelector(".choices .confirm:not([disabled])");
    for (const scope of [".choices", ".hand"]) {
      for (const mark of main.querySelectorAll(`${scope} kbd.key`)) {
        if (mark.textContent === key) return mark.closest("button");
      }
    }
    return null;
  }

  /** @param {KeyboardEvent} event */
  function onKey(event) {
    // A dialog open over the table (a round's result, a card's text) has the keys:
    // Escape closes it and goes back no step.
    if (event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target && target.closest("input, select, textarea")) return;
    if (event.key === "Enter" && target && target.closest("button, a, [data-info]")) return;
    if (!myTurn(getState())) return;
    if (event.key === "Escape") {
      event.preventDefault();
      choosing.back();
      return;
    }
    const button = keyButton(event.key);
    if (button) {
      event.preventDefault();
      button.click();
    }
  }

  api.links().then((links) => dispatch({ type: "links", links }));
  connection.open();
  return {
    onLang() {
      connection.setLang(lang());
      dispatch({ type: "lang", lang: lang() });
    },
  };
}
