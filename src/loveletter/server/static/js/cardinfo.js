// Any card chip opens its whole card (value, name, emblem, effect, copies in the deck)
// on a tap, a click, Enter or Space: phones have no hover. One dialog for the page.

import { cardFace } from "./cards.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

let deck = null;
let dialog = null;

/** The deck whose cards the chips of the page show (set again when it changes). */
export function setInfoDeck(current) {
  deck = current;
  if (dialog) return;
  dialog = h("dialog", { class: "dialog card-dialog", id: "card-dialog", "aria-label": "" });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a click on the backdrop
  });
  document.body.append(dialog);
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey, true);
}

function chipOf(event) {
  const target = event.target;
  return target && target.closest ? target.closest("[data-info]") : null;
}

function onClick(event) {
  const chip = chipOf(event);
  if (!chip || !deck) return;
  event.preventDefault();
  show(chip.dataset.info);
}

function onKey(event) {
  if (event.key !== "Enter" && event.key !== " ") return;
  const chip = chipOf(event);
  if (!chip || !deck || event.target !== chip) return;
  event.preventDefault();
  event.stopPropagation(); // not the table's keys (Enter plays)
  show(chip.dataset.info);
}

/** Show one card's whole text. */
export function show(id) {
  const card = deck.card(id);
  dialog.setAttribute("aria-label", card.name);
  const close = h("button", { type: "button", class: "primary", id: "card-close", onclick: () => dialog.close() }, t("card_close"));
  replace(
    dialog,
    h(
      "div",
      { class: "card-info", "data-card-info": id },
      cardFace(deck, id, { count: false }),
      card.count ? h("p", { class: "muted small" }, t("card_in_deck", { n: card.count })) : null,
      close,
    ),
  );
  if (!dialog.open) dialog.showModal();
  close.focus();
}
