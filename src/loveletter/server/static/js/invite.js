// @ts-check
// Invitation and spectator links, built from an address friends can reach (the
// server says which: /api/links), and the note when they work on this computer only.

import { h, toast } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./protocol.js").LinksInfo} LinksInfo */

/** @param {LinksInfo | null} links */
function base(links) {
  return (links && links.base) || location.origin;
}

/**
 * @param {string} id
 * @param {string} label
 * @param {string} url
 */
function copyField(id, label, url) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t("copied"));
    } catch {
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
    }
  };
  return [
    h("label", { for: id }, label),
    h(
      "div",
      { class: "invite" },
      h("input", { id, readonly: true, value: url, onfocus: (event) => /** @type {HTMLInputElement} */ (event.target).select() }),
      h("button", { type: "button", onclick: copy }, t("copy")),
    ),
  ];
}

/**
 * The lobby's links: to take a seat, to watch; and where they work.
 * @param {string} tableId
 * @param {LinksInfo | null} links
 */
export function inviteBlock(tableId, links) {
  return [
    copyField("invite", t("invite"), `${base(links)}/t/${tableId}`),
    copyField("watch-link", t("spectator_link"), `${base(links)}/w/${tableId}`),
    links && links.local_only ? h("p", { class: "note", id: "link-local" }, t("link_local", { address: links.listen })) : null,
  ];
}

/**
 * At the table: the spectator link, folded unless `open`.
 * @param {string} tableId
 * @param {LinksInfo | null} links
 * @param {boolean} open
 * @param {(open: boolean) => void} toggle
 */
export function watchBlock(tableId, links, open, toggle) {
  return h(
    "details",
    { class: "watch-link panel", id: "watch-tools", open },
    h("summary", { onclick: (event) => (event.preventDefault(), toggle(!open)) }, t("spectator_link")),
    copyField("watch-link", t("spectator_link"), `${base(links)}/w/${tableId}`),
  );
}
