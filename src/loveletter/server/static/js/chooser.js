// Your hand and the choices of your turn: only what view.legal_actions allows, step
// by step (card, player, guess…), with a key for every choice.

import { blockedCards, byWord, nextStep, seatSets } from "./actions.js";
import { cardChip, cardFace } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";

/**
 * The hand and the choice panel. `ui` holds the choice under way ({word, picks,
 * seats}) and whether an action is on its way; `on` has selectCard, pick,
 * toggleSeat, back and send. Returns the elements and the keys of this state.
 */
export function handAndChoices(ctx, ui, on) {
  const { view } = ctx;
  const keys = new Map();
  const legal = ui.pending ? [] : view.legal_actions;
  const groups = byWord(legal);
  const step = currentStep(view, ctx.deck, ui, groups);
  const hand = handCards(ctx, ui, on, keys, legal, step);
  const panel = legal.length ? choicePanel(ctx, ui, on, keys, groups, step) : null;
  if (legal.length) {
    keys.set("Escape", on.back);
  }
  return { hand, panel, keys };
}

/** Where the choice stands: the actions of the chosen word and the next step. */
function currentStep(view, deck, ui, groups) {
  let word = ui.choice.word;
  if (view.phase === "chancellor") word = "keep";
  if (view.phase === "cardinal") word = "look";
  if (!word || !groups.has(word)) return null;
  const actions = groups.get(word);
  if (deck.choosesSeatSet(word) && actions.some((a) => a.args.length)) {
    return { word, actions, multi: seatSets(actions) };
  }
  return { word, actions, picks: ui.choice.picks, ...nextStep(actions, ui.choice.picks) };
}

function handCards(ctx, ui, on, keys, legal, step) {
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
    let onclick = null;
    let choosable = false;
    if (myTurn && view.phase === "play" && !blocked.includes(card)) {
      choosable = true;
      onclick = () => on.selectCard(card);
    } else if (myTurn && view.phase === "chancellor" && step && !step.done && step.options.includes(card)) {
      choosable = true;
      onclick = () => on.pick(card);
    }
    if (choosable && view.phase === "play") keys.set(String(i + 1), onclick);
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

function choicePanel(ctx, ui, on, keys, groups, step) {
  const { view } = ctx;
  const body = [];
  const notes = [];
  if (view.phase === "bishop") {
    const pending = view.pending;
    body.push(h("p", { class: "step-title" }, t("bishop_step", { name: view.players[pending.bishop], value: pending.value })));
    body.push(options(keys, [...groups.keys()].map((word) => [word, t(`reply_${word}`), () => on.send(word)])));
  } else if (view.phase === "play" && !ui.choice.word) {
    body.push(h("p", { class: "step-title" }, t("choose_card")));
  } else if (step && step.multi) {
    body.push(...multiSeat(ctx, ui, on, keys, step));
  } else if (step && step.done) {
    body.push(h("button", { type: "button", class: "primary big confirm", "data-focus": "confirm", onclick: () => on.send(step.done) }, t("play_this")));
    keys.set("Enter", () => on.send(step.done));
    if (step.word === "princess") notes.push(t("princess_note"));
    if (ctx.deck.choosesPlayers(step.word) && !step.done.includes(" ")) notes.push(t("no_target_note"));
  } else if (step) {
    body.push(...stepChoices(ctx, on, keys, step));
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

function stepChoices(ctx, on, keys, step) {
  const { view, deck, me } = ctx;
  const { word, index } = step;
  const choose = (arg) => () => on.pick(arg);
  const unseen = view.unseen || {};
  if (word === "keep") {
    const title = index === 0 ? t("keep_card") : t("order_card");
    const hint = index === 0 ? t("keep_hint") : t("order_hint");
    const list = step.options.map((card) => [card, cardChip(deck, card, { inert: true }), choose(card)]);
    return [h("p", { class: "step-title" }, title), h("p", { class: "muted small" }, hint), options(keys, list)];
  }
  if (word === "look") {
    const list = step.options.map((arg) => [arg, arg === "none" ? t("look_none") : seatLabel(view, Number(arg), me), choose(arg)]);
    return [h("p", { class: "step-title" }, t("look_step")), options(keys, list)];
  }
  if (index === 0) {
    const list = step.options.map((arg) => {
      const seat = Number(arg);
      return [arg, seatLabel(view, seat, me), choose(arg)];
    });
    return [stepTitle(deck, word, t("choose_target")), options(keys, list, "seats")];
  }
  // A guess: a card (Guard) or a value (Premium's Guard, Bishop).
  const byValue = deck.namesValue(word);
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
  const title = byValue ? t("name_value") : t("name_card", { card: deck.name(word) });
  return [stepTitle(deck, word, title, ctx.view.players[Number(step.picks[0])]), options(keys, list, "guesses")];
}

/** The title of a step of playing a card: "Guard → Bruno — Name a card". */
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

function multiSeat(ctx, ui, on, keys, step) {
  const { view, me } = ctx;
  const chosen = ui.choice.seats;
  const action = step.multi.actionFor(chosen);
  const most = Math.max(...step.multi.sizes);
  const full = chosen.length >= most;
  const list = step.multi.seats.map((seat, i) => {
    const pressed = chosen.includes(seat);
    const label = seatLabel(view, seat, me);
    // No more seats than the card allows: unselect one first.
    const locked = full && !pressed;
    const toggle = locked ? null : () => on.toggleSeat(seat);
    if (toggle) keys.set(String(i + 1), toggle);
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
  if (action) keys.set("Enter", () => on.send(action));
  const why = action ? null : step.word === "baroness" || step.word === "cardinal" ? t(`play_why_${step.word}`) : t("play_why_none", { n: most });
  return [
    stepTitle(ctx.deck, step.word, t(`choose_seats_${step.word}`)),
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
 */
function options(keys, list, kind = "") {
  const useValues = list.every((item) => item[3] !== undefined) && new Set(list.map((item) => item[3])).size === list.length;
  return h(
    "div",
    { class: `options ${kind}`.trim() },
    list.map(([arg, label, onclick, value], i) => {
      const key = useValues ? value : i < 9 ? String(i + 1) : null;
      if (key) keys.set(key, onclick);
      return h(
        "button",
        { type: "button", class: "option", "data-option": arg, "data-focus": `option-${arg}`, onclick },
        key ? h("kbd", { class: "key" }, key) : null,
        label,
      );
    }),
  );
}

/** Why a card of the hand cannot be played, and the Sycophant's constraint. */
function ruleNotes(ctx, ui) {
  const { view, deck } = ctx;
  const notes = [];
  const hand = view.hand || [];
  const blocked = blockedCards(hand, view.legal_actions);
  if (blocked.length && hand.includes("countess")) {
    // The Countess is the only rule that keeps a held card from being played (R21).
    notes.push(t("countess_note", { countess: deck.name("countess"), other: deck.name(blocked[0]) }));
  } else if (blocked.length) {
    notes.push(t("blocked_note"));
  }
  if (view.sycophant !== null && view.sycophant !== undefined && ui.choice.word && deck.choosesPlayers(ui.choice.word)) {
    notes.push(t("sycophant_note", { name: view.players[view.sycophant], card: deck.name("sycophant") }));
  }
  return notes;
}

/** A seat's name as a choice: "Ana (you)" for your own. */
function seatLabel(view, seat, me) {
  return seat === me ? t("you_suffix", { name: view.players[seat] }) : view.players[seat];
}
