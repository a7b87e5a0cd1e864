// @ts-check
// The server's HTTP API (docs/protocol.md).

/** @typedef {import("./protocol.js").TableCreated} TableCreated */
/** @typedef {import("./protocol.js").Joined} Joined */
/** @typedef {import("./protocol.js").TableInfo} TableInfo */
/** @typedef {import("./protocol.js").EditionInfo} EditionInfo */
/** @typedef {import("./protocol.js").LevelsInfo} LevelsInfo */
/** @typedef {import("./protocol.js").LinksInfo} LinksInfo */
/** @typedef {import("./protocol.js").AccountInfo} AccountInfo */

import { signedIn } from "./session.js";

export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * A request; signed in, one that changes something carries the session's token.
 * @param {"GET" | "POST" | "DELETE"} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>} the answer's JSON, of the type that each function of `api` says
 */
async function call(method, path, body) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  const account = signedIn();
  if (account && method !== "GET") headers["X-CSRF-Token"] = account.csrf;
  /** @type {RequestInit} */
  const init = { method, headers };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = response.status === 204 || response.status === 202 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = data && data.error;
    const detail = data && Array.isArray(data.detail) && data.detail[0];
    throw new ApiError(
      response.status,
      error ? error.code : "invalid",
      error ? error.message : detail ? detail.msg : response.statusText,
    );
  }
  return data;
}

/**
 * What the server serves once and for all, asked once a page (a request that fails is
 * asked again next time).
 * @type {Map<string, Promise<unknown>>}
 */
const asked = new Map();

/**
 * @template T
 * @param {string} path
 * @param {() => Promise<T>} fetcher
 * @returns {Promise<T>}
 */
function once(path, fetcher) {
  let request = /** @type {Promise<T> | undefined} */ (asked.get(path));
  if (!request) {
    request = fetcher();
    request.catch(() => asked.delete(path));
    asked.set(path, request);
  }
  return request;
}

/** @param {string} id */
const table = (id) => `/api/tables/${encodeURIComponent(id)}`;

export const api = {
  /**
   * @param {object} spec  a CreateTable body (docs/protocol.md)
   * @returns {Promise<TableCreated>}
   */
  createTable: (spec) => call("POST", "/api/tables", spec),
  /**
   * @param {string} id
   * @param {string} name
   * @param {string} [hostToken]
   * @returns {Promise<Joined>}
   */
  join: (id, name, hostToken) => call("POST", `${table(id)}/join`, hostToken ? { name, host_token: hostToken } : { name }),
  /**
   * @param {string} id
   * @param {string} hostToken
   * @returns {Promise<TableInfo>}
   */
  start: (id, hostToken) => call("POST", `${table(id)}/start`, { host_token: hostToken }),
  /**
   * A finished game's replay (docs/protocol.md).
   * @param {string} id
   * @param {number} game
   * @param {string} lang
   * @returns {Promise<import("./protocol.js").Replay>}
   */
  replay: (id, game, lang) => call("GET", `${table(id)}/games/${game}/replay?lang=${lang}`),
  /**
   * A lesson's steps and texts in `lang`.
   * @param {string} id
   * @param {string} lang
   * @returns {Promise<import("./protocol.js").LessonInfo>}
   */
  lesson: (id, lang) => call("GET", `/api/lessons/${encodeURIComponent(id)}?lang=${lang}`),
  /**
   * The lesson at `step` after the learner's `moves`; with `action`, that move checked.
   * @param {string} id
   * @param {string} lang
   * @param {{step: number, moves: string[], action?: string, show?: boolean}} body
   * @returns {Promise<import("./protocol.js").LessonState>}
   */
  playLesson: (id, lang, body) => call("POST", `/api/lessons/${encodeURIComponent(id)}/play?lang=${lang}`, body),
  /**
   * The bot levels this server offers: built-in ones, and policies with the table each fits.
   * @returns {Promise<LevelsInfo>}
   */
  levels: () => call("GET", "/api/levels"),
  /**
   * Every edition with its cards' names, effects and ways of being played, in `lang`.
   * @param {string} lang
   * @returns {Promise<EditionInfo[]>}
   */
  editions: (lang) => once(`/api/editions?lang=${lang}`, () => call("GET", `/api/editions?lang=${lang}`)),
  /**
   * Where invitation links point; null if the server does not say.
   * @returns {Promise<LinksInfo | null>}
   */
  links: () => once("/api/links", () => call("GET", "/api/links").catch(() => null)),
  /**
   * The signed-in account; null when not signed in.
   * @returns {Promise<AccountInfo | null>}
   */
  account: async () => /** @type {import("./protocol.js").SessionInfo} */ (await call("GET", "/api/session")).account,
  /**
   * @param {string} name
   * @param {string} password
   * @returns {Promise<AccountInfo>}
   */
  signUp: (name, password) => call("POST", "/api/account", { name, password }),
  /**
   * @param {string} name
   * @param {string} password
   * @returns {Promise<AccountInfo>}
   */
  signIn: (name, password) => call("POST", "/api/session", { name, password }),
  /** @returns {Promise<null>} */
  signOut: () => call("DELETE", "/api/session"),
  /**
   * @param {string} password
   * @param {string} newPassword
   * @returns {Promise<null>}
   */
  changePassword: (password, newPassword) => call("POST", "/api/account/password", { password, new_password: newPassword }),
  /**
   * @param {string} password
   * @returns {Promise<null>}
   */
  deleteAccount: (password) => call("POST", "/api/account/delete", { password }),
  /**
   * Make the seat this token holds the signed-in account's.
   * @param {string} id
   * @param {string} token
   * @returns {Promise<import("./protocol.js").Claimed>}
   */
  claim: (id, token) => call("POST", `${table(id)}/claim`, { token }),
  /**
   * Give the account an address (null: none); a link to verify it is sent there.
   * @param {string | null} email
   * @param {string} lang  the mail's
   * @returns {Promise<null>}
   */
  setEmail: (email, lang) => call("POST", "/api/account/email", { email, lang }),
  /**
   * @param {string} token  a link's
   * @returns {Promise<null>}
   */
  verifyEmail: (token) => call("POST", "/api/account/email/verify", { token }),
  /**
   * Send a link to choose a new password to the account's verified address, if any.
   * @param {string} name
   * @param {string} lang  the mail's
   * @returns {Promise<null>}
   */
  forgotPassword: (name, lang) => call("POST", "/api/password/forgot", { name, lang }),
  /**
   * @param {string} token  a link's
   * @param {string} newPassword
   * @returns {Promise<null>}
   */
  resetPassword: (token, newPassword) => call("POST", "/api/password/reset", { token, new_password: newPassword }),
  /**
   * A player's profile.
   * @param {string} id
   * @returns {Promise<import("./protocol.js").Profile>}
   */
  player: (id) => call("GET", `/api/players/${encodeURIComponent(id)}`),
  /**
   * A page of a player's finished games, most recent first.
   * @param {string} id
   * @param {number} limit
   * @param {number} offset
   * @returns {Promise<import("./protocol.js").PlayerGame[]>}
   */
  playerGames: (id, limit, offset) => call("GET", `/api/players/${encodeURIComponent(id)}/games?limit=${limit}&offset=${offset}`),
  /**
   * The leaderboard of a family of editions.
   * @param {string} family
   * @returns {Promise<import("./protocol.js").Leaderboard>}
   */
  leaderboard: (family) => call("GET", `/api/leaderboard/${encodeURIComponent(family)}`),
  /**
   * The signed-in players' ratings before and after a finished game.
   * @param {string} id
   * @param {number} game
   * @returns {Promise<import("./protocol.js").RatingChange[]>}
   */
  gameRatings: (id, game) => call("GET", `${table(id)}/games/${game}/ratings`),
  /**
   * Public tables waiting for players, newest first; an empty filter is no filter.
   * @param {{edition?: string, players?: number, limit?: number, offset?: number}} filters
   * @returns {Promise<import("./protocol.js").LobbyInfo>}
   */
  lobby: (filters) => call("GET", `/api/lobby?${query(filters)}`),
  /**
   * A seat at the first open public table that fits, else at a new one.
   * @param {{edition: string, players: number, turn_timer: number, lang: string, name: string}} wanted
   * @returns {Promise<import("./protocol.js").Matched>}
   */
  quickMatch: (wanted) => call("POST", "/api/quickmatch", wanted),
  /**
   * The signed-in player's unfinished games, their turn first.
   * @returns {Promise<import("./protocol.js").AccountTables>}
   */
  myGames: () => call("GET", "/api/account/games"),
  /**
   * Whether the account is mailed when it is its turn at a turn-based table.
   * @param {boolean} turnMail
   * @returns {Promise<AccountInfo>}
   */
  setNotifications: (turnMail) => call("POST", "/api/account/notifications", { turn_mail: turnMail }),
};

/**
 * A query string of the values given (empty strings and undefined left out).
 * @param {Record<string, string | number | undefined>} values
 */
export function query(values) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return params.toString();
}
