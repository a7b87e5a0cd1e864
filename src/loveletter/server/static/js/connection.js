// One WebSocket to the server (docs/protocol.md): hello, states, actions; reconnects.

const FATAL = new Set(["unknown_table", "bad_token"]);

export class Connection {
  /**
   * handlers: onState(message), onError(error), onStatus("connecting" | "open" | "lost").
   * With a seat token the connection plays that seat; without, it watches.
   */
  constructor({ table, token, lang, onState, onError, onStatus }) {
    this.table = table;
    this.token = token;
    this.lang = lang;
    this.handlers = { onState, onError, onStatus };
    this.socket = null;
    this.retries = 0;
    this.closed = false;
    this.nextId = 1;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.handlers.onStatus("connecting");
    socket.addEventListener("open", () => {
      const hello = { type: "hello", table: this.table, lang: this.lang };
      if (this.token) hello.token = this.token;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      this.handlers.onStatus("lost");
      const delay = Math.min(5000, 300 * 2 ** this.retries++);
      setTimeout(() => this.closed || this.open(), delay);
    });
  }

  receive(text) {
    const message = JSON.parse(text);
    if (message.type === "state") {
      this.retries = 0;
      this.handlers.onStatus("open");
      this.handlers.onState(message);
    } else if (message.type === "error") {
      if (FATAL.has(message.code)) this.close();
      this.handlers.onError(message);
    }
  }

  /** Send a message; returns its id (errors about it carry it as `ref`). */
  send(message) {
    const id = this.nextId++;
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify({ ...message, id }));
      return id;
    }
    return null;
  }

  action(text) {
    return this.send({ type: "action", action: text });
  }

  start(hostToken) {
    return this.send({ type: "start", host_token: hostToken });
  }

  rematch(hostToken) {
    return this.send({ type: "rematch", host_token: hostToken });
  }

  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close();
  }
}
