// What the browser remembers: the display name, the language, seat and host tokens.

const PREFIX = "loveletter.";

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + key));
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the page still works for this visit.
  }
}

export const store = {
  name: () => read("name") || "",
  setName: (name) => write("name", name),
  lang: () => read("lang"),
  setLang: (lang) => write("lang", lang),
  /** The seat token for a table: {seat, token}, or null. */
  seat: (table) => read(`seat.${table}`),
  setSeat: (table, seat) => write(`seat.${table}`, seat),
  hostToken: (table) => read(`host.${table}`),
  setHostToken: (table, token) => write(`host.${table}`, token),
  /** Private notes of past rounds, per table and game: {round: [lines]}. */
  notes: (table, game) => read(`notes.${table}.${game}`) || {},
  setNotes: (table, game, notes) => write(`notes.${table}.${game}`, notes),
  /** Whether a sound tells this browser's player that it is their turn (off at first). */
  sound: () => read("sound") === true,
  setSound: (on) => write("sound", on),
};
