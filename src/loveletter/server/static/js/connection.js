// One WebSocket to the server (docs/protocol.md): hello, states, actions; reconnects.

const FATAL = new Set(["unknown_table", "bad_token"]);

export class Connection {
  /**
   * handlers: onState(message), onError(error), onStatus("connecting" | "open" | "lost"),
   * onHint(message) (optional).
   * With a seat token the connection plays that seat; without, it watches.
   */
  constructor({ table, token, lang, onState, onError, onStatus, onChat, onHint }) {
    this.table = table;
    this.token = token;
    this.lang = lang;
    this.handlers = { onState, onError, onStatus, onChat, onHint };
    this.socket = null;
    this.retries = 0;
    this.closed = false;
    this.nextId = 1;
    this.position = null; // the last state's: an action answers it (else stale_action)
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
      this.position = message.position;
      this.retries = 0;
      this.handlers.onStatus("open");
      this.handlers.onState(message);
    } else if ((message.type === "chat" || message.type === "chat_history") && this.handlers.onChat) {
      this.handlers.onChat(message);
    } else if (message.type === "error") {
      if (FATAL.has(message.code)) this.close();
      this.handlers.onError(message);
    } else if (message.type === "hint" && this.handlers.onHint) {
      this.handlers.onHint(message);
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
    return this.send({ type: "action", action: text, position: this.position });
  }

  hint() {
    return this.send({ type: "hint" });
  }

  /** Start (or rematch) with the host token if this page keeps it, else as the seat. */
  start(hostToken) {
    return this.send(hostToken ? { type: "start", host_token: hostToken } : { type: "start" });
  }

  rematch(hostToken) {
    return this.send(hostToken ? { type: "rematch", host_token: hostToken } : { type: "rematch" });
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
