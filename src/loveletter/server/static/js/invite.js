// Invitation and spectator links, built from an address friends can reach (the
// server says which: /api/links), and the note when they work on this computer only.

import { h, stillOpen, toast } from "./dom.js";
import { t } from "./i18n.js";

let asked = null;

/** Where links point ({base, local_only, listen}; asked once). */
export function loadLinks() {
  asked ??= fetch("/api/links")
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  return asked;
}

function base(links) {
  return (links && links.base) || location.origin;
}

function copyField(id, label, url) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast(t("copied"));
    } catch {
      document.getElementById(id).select();
    }
  };
  return [
    h("label", { for: id }, label),
    h(
      "div",
      { class: "invite" },
      h("input", { id, readonly: true, value: url, onfocus: (event) => event.target.select() }),
      h("button", { type: "button", onclick: copy }, t("copy")),
    ),
  ];
}

/** The lobby's links: to take a seat, to watch; and where they work. */
export function inviteBlock(tableId, links) {
  return [
    copyField("invite", t("invite"), `${base(links)}/t/${tableId}`),
    copyField("watch-link", t("spectator_link"), `${base(links)}/w/${tableId}`),
    links && links.local_only ? h("p", { class: "note", id: "link-local" }, t("link_local", { address: links.listen })) : null,
  ];
}

let watchOpen = false; // kept open across redrawing

/** At the table: the spectator link, folded. */
export function watchBlock(tableId, links) {
  watchOpen = stillOpen("watch-tools", watchOpen);
  return h(
    "details",
    { class: "watch-link panel", id: "watch-tools", open: watchOpen, ontoggle: (event) => (watchOpen = event.target.open) },
    h("summary", {}, t("spectator_link")),
    copyField("watch-link", t("spectator_link"), `${base(links)}/w/${tableId}`),
  );
}
