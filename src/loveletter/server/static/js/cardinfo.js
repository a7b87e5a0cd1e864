// @ts-check
// Any card chip opens its whole card (value, name, emblem, effect, copies in the deck)
// on a tap, a click, Enter or Space: phones have no hover. One dialog for the page,
// showing the cards of the deck its page holds now.

import { cardFace } from "./cards.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./cards.js").Deck} Deck */

/**
 * @param {Event} event
 * @returns {HTMLElement | null}
 */
function chipOf(event) {
  const target = event.target;
  return target instanceof Element ? target.closest("[data-info]") : null;
}

/**
 * Let every chip of the page open its card, from the deck `deck()` gives (null while
 * the page has none).
 * @param {() => Deck | null} deck
 */
export function installCardInfo(deck) {
  const dialog = h("dialog", { class: "dialog card-dialog", id: "card-dialog", "aria-label": "" });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a click on the backdrop
  });
  document.body.append(dialog);

  /** @param {HTMLElement} chip */
  function show(chip) {
    const cards = deck();
    const id = chip.dataset.info;
    if (!cards || !id) return;
    const card = cards.card(id);
    dialog.setAttribute("aria-label", card.name);
    const close = h("button", { type: "button", class: "primary", id: "card-close", onclick: () => dialog.close() }, t("card_close"));
    replace(
      dialog,
      h(
        "div",
        { class: "card-info", "data-card-info": id },
        cardFace(cards, id, { count: false }),
        card.count ? h("p", { class: "muted small" }, t("card_in_deck", { n: card.count })) : null,
        close,
      ),
    );
    if (!dialog.open) dialog.showModal();
    close.focus();
  }

  document.addEventListener("click", (event) => {
    const chip = chipOf(event);
    if (!chip || !deck()) return;
    event.preventDefault();
    show(chip);
  });
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      const chip = chipOf(event);
      if (!chip || !deck() || event.target !== chip) return;
      event.preventDefault();
      event.stopPropagation(); // not the table's keys (Enter plays)
      show(chip);
    },
    true,
  );
}
