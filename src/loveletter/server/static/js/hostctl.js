// @ts-check
// The host's controls: remove a seat's player (the seat opens again in the lobby, a
// bot takes it in a game) and hand the host's role to another player. Who may start
// the game: the host, or any seated player once the host has been gone too long.

import { h } from "./dom.js";
import { t } from "./i18n.js";

/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("./protocol.js").SeatInfo} SeatInfo */

/**
 * Whether this page speaks for the host (its seat, or the host token it keeps).
 * @param {TableInfo} table
 * @param {number | null} me
 * @param {string | null} hostToken
 */
export function isHost(table, me, hostToken) {
  return table.host_seat === null ? Boolean(hostToken) : me !== null && table.host_seat === me;
}

/**
 * Whether this page may start the game or a rematch now.
 * @param {TableInfo} table
 * @param {number | null} me
 * @param {string | null} hostToken
 */
export function mayStart(table, me, hostToken) {
  return isHost(table, me, hostToken) || (me !== null && table.host_gone_at !== null);
}

/**
 * The "host" badge of a seat, if it is the host's.
 * @param {TableInfo} table
 * @param {number} seat
 */
export function hostBadge(table, seat) {
  return table.host_seat === seat ? h("span", { class: "badge badge-host" }, t("host_badge")) : null;
}

/**
 * The host's list of the other players, each with "remove" and "make host", folded
 * unless `open`.
 * @param {TableInfo} table
 * @param {string[]} names  the players' names in the game ([] in the lobby)
 * @param {number | null} me
 * @param {boolean} open
 * @param {{send: (message: {type: "remove" | "host", seat: number}) => void, toggle: (open: boolean) => void}} on
 */
export function hostTools(table, names, me, open, on) {
  const others = table.seats.filter((s) => s.kind === "human" && s.seat !== me);
  if (!others.length) return null;
  /** @param {SeatInfo} seat */
  const row = (seat) => {
    const name = names[seat.seat] ?? seat.name ?? "";
    const remove = () => {
      if (confirm(t("host_confirm_remove", { name }))) on.send({ type: "remove", seat: seat.seat });
    };
    const hand = () => {
      if (confirm(t("host_confirm_hand", { name }))) on.send({ type: "host", seat: seat.seat });
    };
    return h(
      "li",
      { "data-seat": seat.seat },
      h("span", { class: "host-name" }, name),
      h("button", { type: "button", class: "small ghost host-remove", onclick: remove }, t("host_remove")),
      h("button", { type: "button", class: "small ghost host-hand", onclick: hand }, t("host_hand")),
    );
  };
  return h(
    "details",
    { class: "host-tools panel", id: "host-tools", open },
    h("summary", { onclick: (event) => (event.preventDefault(), on.toggle(!open)) }, t("host_tools")),
    h("ul", {}, others.map(row)),
  );
}
