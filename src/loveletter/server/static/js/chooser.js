// @ts-check
// Your hand and the choices of your turn: only what view.legal_actions allows, step
// by step (card, player, guess…). Each choice shows its key (a digit, a card's value);
// table.js presses the choice whose key is typed.

import { blockedCards, byWord, choiceStep } from "./actions.js";
import { cardChip, cardFace } from "./cards.js";
import { h } from "./dom.js";
import { known, t } from "./i18n.js";
import { cardPhrase } from "./words.js";

/** @typedef {import("./actions.js").Step} Step */
/** @typedef {import("./actions.js").ParsedAction} ParsedAction */
/** @typedef {import("./board.js").Ctx} Ctx */
/** @typedef {import("./dom.js").Child} Child */
/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./state.js").Choice} Choice */

/**
 * The choice under way, and whether an action is on its way.
 * @typedef {{choice: Choice, pending: unknown}} Ui
 */

/**
 * What the choices do: each dispatches to the page's store.
 * @typedef {object} Choosing
 * @property {(card: string) => void} selectCard
 * @property {(arg: string) => void} pick
 * @property {(seat: number) => void} toggleSeat
 * @property {() => void} back
 * @property {(action: string) => void} send
 */

/**
 * One option of a step: its argument, its label, what it does, and its key if it is
 * not its place in the list (a card's value).
 * @typedef {[string, Child, () => void, string?]} Option
 */

/**
 * The hand and the choice panel.
 * @param {Ctx} ctx
 * @param {Ui} ui
 * @param {Choosing} on
 */
export function handAndChoices(ctx, ui, on) {
  const { view } = ctx;
  const legal = ui.pending ? [] : view.legal_actions;
  const step = choiceStep(view.phase, ctx.deck, ui.choice, legal);
  const hand = handCards(ctx, ui, on, legal, step);
  const panel = legal.length ? choicePanel(ctx, ui, on, legal, step) : null;
  return { hand, panel };
}

/**
 * @param {Ctx} ctx
 * @param {Ui} ui
 * @param {Choosing} on
 * @param {string[]} legal
 * @param {Step | null} step
 */
function handCards(ctx, ui, on, legal, step) {
  const { view, deck, previous } = ctx;
  const hand = view.hand || [];
  const myTurn = legal.length > 0;
  const blocked = view.phase === "play" ? blockedCards(hand, legal) : [];
  const before = previous && previous.round === view.round && previous.hand ? [...previous.hand] : hand;
  const left = [...before];
  // The card chosen to play, or to keep under the Chancellor.
  const chosenCard = view.phase === "play" ? ui.choice.word : view.phase === "chancellor" ? ui.choice.picks[0] : null;
  const chosen = chosenCard ? hand.indexOf(chosenCard) : -1;
  const cards = hand.map((card, i) => {
    const known = left.indexOf(card);
    const fresh = known < 0;
    if (!fresh) left.splice(known, 1);
    /** @type {(() => void) | null} */
    let onclick = null;
    let choosable = false;
    if (myTurn && view.phase === "play" && !blocked.includes(card)) {
      choosable = true;
      onclick = () => on.selectCard(card);
    } else if (myTurn && view.phase === "chancellor" && step && !step.multi && step.options && step.options.includes(card)) {
      choosable = true;
      onclick = () => on.pick(card);
    }
    const selected = i === chosen;
    const classes = ["hand-card"];
    if (fresh) classes.push("fresh");
    if (selected) classes.push("selected");
    else if (myTurn && !choosable) classes.push("blocked");
    return h(
      "li",
      {},
      h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-card": card,
          "data-focus": `hand-${i}-${card}`,
          "aria-pressed": view.phase === "play" && myTurn ? String(selected) : null,
          "aria-disabled": choosable ? null : "true",
          onclick: onclick || undefined,
        },
        cardFace(deck, card),
        choosable && view.phase === "play" ? h("kbd", { class: "key" }, String(i + 1)) : null,
      ),
    );
  });
  return h("ol", { class: "hand", "aria-label": t("your_hand") }, cards);
}

/**
 * @param {Ctx} ctx
 * @param {Ui} ui
 * @param {Choosing} on
 * @param {string[]} legal
 * @param {Step | null} step
 */
function choicePanel(ctx, ui, on, legal, step) {
  const { view } = ctx;
  /** @type {Child[]} */
  const body = [];
  /** @type {string[]} */
  const notes = [];
  const pending = view.pending;
  if (view.phase === "bishop" && pending && pending.step === "bishop") {
    body.push(h("p", { class: "step-title" }, t("bishop_step", { name: view.players[pending.bishop], value: pending.value })));
    body.push(options([...byWord(legal).keys()].map((word) => [word, t(`reply_${word}`), () => on.send(word)])));
  } else if (view.phase === "play" && !ui.choice.word) {
    body.push(h("p", { class: "step-title" }, t("choose_card")));
  } else if (step && step.multi) {
    body.push(...multiSeat(ctx, ui, on, step.word, step.multi));
  } else if (step && step.done) {
    const done = step.done;
    body.push(h("button", { type: "button", class: "primary big confirm", "data-focus": "confirm", onclick: () => on.send(done) }, t("play_this")));
    if (step.word === "princess") notes.push(t("princess_note"));
    if (ctx.deck.choosesPlayers(step.word) && !done.includes(" ")) notes.push(t("no_target_note"));
  } else if (step && !step.multi && step.index !== undefined) {
    body.push(...stepChoices(ctx, on, { word: step.word, index: step.index, options: step.options, picks: step.picks }));
  }
  if (view.phase === "play") notes.push(...ruleNotes(ctx, ui));
  const canGoBack = view.phase === "play" ? Boolean(ui.choice.word) : ui.choice.picks.length > 0;
  return h(
    "section",
    { class: "choices panel", "aria-label": t("your_turn"), "aria-live": "polite" },
    body,
    notes.map((note) => h("p", { class: "note" }, note)),
    h(
      "div",
      { class: "choice-foot" },
      canGoBack ? h("button", { type: "button", class: "ghost", "data-focus": "back", onclick: on.back }, t("back")) : null,
      h("span", { class: "muted small keys-hint" }, t("keys_hint")),
    ),
  );
}

/**
 * The options of the step under way: a seat, a card to keep, a guess.
 * @param {Ctx} ctx
 * @param {Choosing} on
 * @param {{word: string, index: number, options: string[], picks: string[]}} step
 * @returns {Child[]}
 */
function stepChoices(ctx, on, step) {
  const { view, deck, me } = ctx;
  const { word, index } = step;
  /** @param {string} arg */
  const choose = (arg) => () => on.pick(arg);
  const unseen = view.unseen || {};
  if (word === "keep") {
    const title = index === 0 ? t("keep_card") : t("order_card");
    const hint = index === 0 ? t("keep_hint") : t("order_hint");
    /** @type {Option[]} */
    const list = step.options.map((card) => [card, cardChip(deck, card, { inert: true }), choose(card)]);
    return [h("p", { class: "step-title" }, title), h("p", { class: "muted small" }, hint), options(list)];
  }
  if (word === "look") {
    /** @type {Option[]} */
    const list = step.options.map((arg) => [arg, arg === "none" ? t("look_none") : seatLabel(view, Number(arg), me), choose(arg)]);
    return [h("p", { class: "step-title" }, t("look_step")), options(list)];
  }
  if (index === 0) {
    /** @type {Option[]} */
    const list = step.options.map((arg) => [arg, seatLabel(view, Number(arg), me), choose(arg)]);
    return [stepTitle(deck, word, t("choose_target")), options(list, "seats")];
  }
  // A guess: a card (Guard) or a value (Premium's Guard, Bishop).
  const byValue = deck.namesValue(word);
  /** @type {Option[]} */
  const list = step.options.map((arg) => {
    const cards = byValue ? deck.withValue(arg) : [deck.card(arg)];
    const left = cards.reduce((sum, card) => sum + (unseen[card.id] ?? 0), 0);
    const value = byValue ? Number(arg) : cards[0].value;
    const label = h(
      "span",
      { class: "guess" },
      h("span", { class: "guess-name" }, cards.map((card) => card.name).join(" / ")),
      h("small", { class: left ? "unseen" : "unseen none" }, t(left > 1 ? "unseen_many" : "unseen_one", { n: left })),
    );
    return [arg, label, choose(arg), String(value)];
  });
  const title = byValue ? t("name_value") : t("name_card", { card: cardPhrase(deck, word) });
  return [stepTitle(deck, word, title, ctx.view.players[Number(step.picks[0])]), options(list, "guesses")];
}

/**
 * The title of a step of playing a card: "Guard → Bruno — Name a card".
 * @param {import("./cards.js").Deck} deck
 * @param {string} word
 * @param {string} text
 * @param {string | null} [target]
 */
function stepTitle(deck, word, text, target = null) {
  return h(
    "p",
    { class: "step-title" },
    h("span", { class: "step-card" }, deck.name(word)),
    target ? h("span", { class: "step-target" }, ` → ${target}`) : null,
    " — ",
    text,
  );
}

/**
 * Choosing a set of seats (the Baroness, the Cardinal): the seats, each pressed or not,
 * and the button that plays the set chosen once it is legal. The words come from how
 * the card chooses (catalogue's `chooses`) unless the interface has some for the card.
 * @param {Ctx} ctx
 * @param {Ui} ui
 * @param {Choosing} on
 * @param {string} word
 * @param {import("./actions.js").SeatSets} multi
 * @returns {Child[]}
 */
function multiSeat(ctx, ui, on, word, multi) {
  const { view, me } = ctx;
  const chosen = ui.choice.seats;
  const action = multi.actionFor(chosen);
  const most = Math.max(...multi.sizes);
  const full = chosen.length >= most;
  const chooses = ctx.deck.card(word).chooses;
  const list = multi.seats.map((seat, i) => {
    const pressed = chosen.includes(seat);
    const label = seatLabel(view, seat, me);
    // No more seats than the card allows: unselect one first.
    const locked = full && !pressed;
    const toggle = locked ? null : () => on.toggleSeat(seat);
    return h(
      "button",
      {
        type: "button",
        class: "option",
        "aria-pressed": String(pressed),
        "aria-disabled": locked ? "true" : null,
        title: locked ? t("seats_max", { n: most }) : null,
        "data-focus": `seat-${seat}`,
        "data-option": seat,
        onclick: toggle || undefined,
      },
      h("kbd", { class: "key" }, String(i + 1)),
      label,
    );
  });
  const why = action ? null : known(`play_why_${chooses}`) ? t(`play_why_${chooses}`) : t("play_why_none", { n: most });
  const title = known(`choose_seats_${word}`) ? t(`choose_seats_${word}`) : t(`choose_seats_${chooses}`);
  return [
    stepTitle(ctx.deck, word, title),
    h("div", { class: "options seats" }, list),
    h(
      "div",
      { class: "confirm-row" },
      h("button", { type: "button", class: "primary big confirm", "data-focus": "confirm", disabled: !action, "aria-describedby": why ? "confirm-why" : null, onclick: () => action && on.send(action) }, t("confirm")),
      why ? h("p", { class: "confirm-why muted small", id: "confirm-why" }, why) : null,
    ),
  ];
}

/**
 * Buttons for one step: [arg, label, onclick, key?]; the key is the option's number,
 * or the given one (a card's value).
 * @param {Option[]} list
 * @param {string} [kind]
 */
function options(list, kind = "") {
  const useValues = list.every((item) => item[3] !== undefined) && new Set(list.map((item) => item[3])).size === list.length;
  return h(
    "div",
    { class: `options ${kind}`.trim() },
    list.map(([arg, label, onclick, value], i) => {
      const key = useValues ? value : i < 9 ? String(i + 1) : null;
      return h(
        "button",
        { type: "button", class: "option", "data-option": arg, "data-focus": `option-${arg}`, onclick },
        key ? h("kbd", { class: "key" }, key) : null,
        label,
      );
    }),
  );
}

/**
 * Why a card of the hand cannot be played, and the Sycophant's constraint.
 * @param {Ctx} ctx
 * @param {Ui} ui
 */
function ruleNotes(ctx, ui) {
  const { view, deck } = ctx;
  const notes = [];
  const hand = view.hand || [];
  const blocked = blockedCards(hand, view.legal_actions);
  if (blocked.length && hand.includes("countess")) {
    // The Countess is the only rule that keeps a held card from being played (R21).
    notes.push(t("countess_note", { countess: cardPhrase(deck, "countess"), other: cardPhrase(deck, blocked[0]) }));
  } else if (blocked.length) {
    notes.push(t("blocked_note"));
  }
  if (view.sycophant !== null && view.sycophant !== undefined && ui.choice.word && deck.choosesPlayers(ui.choice.word)) {
    notes.push(t("sycophant_note", { name: view.players[view.sycophant], card: cardPhrase(deck, "sycophant") }));
  }
  return notes;
}

/**
 * A seat's name as a choice: "Ana (you)" for your own.
 * @param {View} view
 * @param {number} seat
 * @param {number | null} me
 */
function seatLabel(view, seat, me) {
  return seat === me ? t("you_suffix", { name: view.players[seat] }) : view.players[seat];
}
