// @ts-check
// Taking a seat, the one way every page does it (the table's form, the lobby's Join
// button, the home page's new table, quick match): the seat's token, and the host's
// if this player hosts, are kept on this device where the table's page reads them
// (storage.js), and a guest's name is remembered for next time. Signed in, the
// server seats the account under its own name.

import { api } from "./api.js";
import { signedIn } from "./session.js";
import { storage } from "./storage.js";

/** @typedef {import("./storage.js").SeatToken} SeatToken */

/**
 * Keep a seat taken at `tableId` on this device.
 * @param {string} tableId
 * @param {SeatToken} seat
 * @param {{hostToken?: string | null, name?: string}} [also]  the host's token; the
 *   name a guest took it under
 */
export function keepSeat(tableId, seat, { hostToken = null, name = "" } = {}) {
  if (hostToken) storage.setHostToken(tableId, hostToken);
  if (name && !signedIn()) storage.setName(name);
  storage.setSeat(tableId, { seat: seat.seat, token: seat.token });
}

/**
 * Sit at `tableId` under `name` (signed in: the account's) and keep the seat.
 * @param {string} tableId
 * @param {string} name
 * @param {string} [hostToken]  the host's, to sit as the host
 * @returns {Promise<SeatToken>}
 */
export async function takeSeat(tableId, name, hostToken) {
  const joined = await api.join(tableId, name, hostToken);
  const seat = { seat: joined.seat, token: joined.token };
  keepSeat(tableId, seat, { hostToken, name });
  return seat;
}

/**
 * The name a seat is taken under: the account's when signed in, else the one given
 * (trimmed; empty if it was only spaces).
 * @param {string} typed
 */
export function seatName(typed) {
  const account = signedIn();
  return account ? account.name : typed.trim();
}
