// @ts-check
// One WebSocket to the server (docs/protocol.md): hello, messages, actions; reconnects.
// One socket at a time: opening closes the one before, a reconnection waiting is called
// off by close(), and what a socket no longer current says is not heard.

/** @typedef {import("./protocol.js").ServerMessage} ServerMessage */
/** @typedef {import("./protocol.js").Position} Position */
/** @typedef {import("./state.js").Status} Status */

/** Refusals after which this connection can do nothing: it closes. */
const FATAL = new Set(["unknown_table", "bad_token"]);

/**
 * @typedef {object} ConnectionOptions
 * @property {string} table
 * @property {string | null} token  a seat token plays that seat; without one the connection watches
 * @property {string} lang
 * @property {(message: ServerMessage) => void} onMessage
 * @property {(status: Status) => void} onStatus
 */

export class Connection {
  /** @param {ConnectionOptions} options */
  constructor({ table, token, lang, onMessage, onStatus }) {
    this.table = table;
    this.token = token;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    /** @type {WebSocket | null} */
    this.socket = null;
    this.retries = 0;
    /** @type {ReturnType<typeof setTimeout> | null} the reconnection waiting, if any */
    this.retry = null;
    this.closed = false;
    this.nextId = 1;
    /** @type {Position | null} the last state's: an action answers it (else stale_action) */
    this.position = null;
  }

  open() {
    this.stop();
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.closed = false;
    this.onStatus("connecting");
    socket.addEventListener("open", () => {
      /** @type {{type: "hello", table: string, lang: string, token?: string}} */
      const hello = { type: "hello", table: this.table, lang: this.lang };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket) this.receive(event.data);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      this.onStatus("lost");
      const delay = Math.min(5000, 300 * 2 ** this.retries++);
      this.retry = setTimeout(() => {
        this.retry = null;
        this.open();
      }, delay);
    });
  }

  /**
   * Play the seat of another token (or watch, with none): a new connection.
   * @param {string | null} token
   */
  reopen(token) {
    this.close();
    this.token = token;
    this.open();
  }

  /** @param {string} text */
  receive(text) {
    /** @type {ServerMessage} */
    const message = JSON.parse(text);
    if (message.type === "state") {
      this.position = message.position;
      this.retries = 0;
      this.onStatus("open");
    } else if (message.type === "error" && FATAL.has(message.code)) {
      this.close();
    }
    this.onMessage(message);
  }

  /**
   * Send a message; returns its id (errors about it carry it as `ref`), null when
   * the connection is not open.
   * @param {{type: string, [field: string]: unknown}} message
   * @returns {number | null}
   */
  send(message) {
    const id = this.nextId++;
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ ...message, id }));
      return id;
    }
    return null;
  }

  /** @param {string} text  an action in notation, at the last state's position */
  action(text) {
    return this.send({ type: "action", action: text, position: this.position });
  }

  /**
   * Start (or rematch) with the host token if this page keeps it, else as the seat.
   * @param {"start" | "rematch"} type
   * @param {string | null} hostToken
   */
  start(type, hostToken) {
    return this.send(hostToken ? { type, host_token: hostToken } : { type });
  }

  /** @param {string} lang */
  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
  }

  close() {
    this.closed = true;
    this.stop();
  }

  /** Close the socket and call off a reconnection waiting: none is heard from again. */
  stop() {
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
  }
}
