// The server's HTTP API (docs/protocol.md).

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const data = await response.json().catch(() => null);
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

const editionCache = new Map();

export const api = {
  createTable: (spec) => call("POST", "/api/tables", spec),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  join: (id, name, hostToken) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/join`, hostToken ? { name, host_token: hostToken } : { name }),
  start: (id, hostToken) =>
    call("POST", `/api/tables/${encodeURIComponent(id)}/start`, { host_token: hostToken }),
  games: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/games`),
  replay: (id, game, lang) =>
    call("GET", `/api/tables/${encodeURIComponent(id)}/games/${game}/replay?lang=${lang}`),
  /** The bot levels this server offers: built-in ones, and policies with the table each fits. */
  levels: () => call("GET", "/api/levels"),
  /** Every edition with its cards' names and effects in `lang` (fetched once). */
  editions(lang) {
    if (!editionCache.has(lang)) {
      const request = call("GET", `/api/editions?lang=${lang}`);
      request.catch(() => editionCache.delete(lang));
      editionCache.set(lang, request);
    }
    return editionCache.get(lang);
  },
};
