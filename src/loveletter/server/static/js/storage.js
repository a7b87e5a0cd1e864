// @ts-check
// What the browser remembers: the display name, the language, seat and host tokens,
// the private notes of a game, the turn's sound, the lessons already offered and where
// the learner is in each.

/** @typedef {import("./state.js").Notes} Notes */
/** A seat taken at a table, and its secret. @typedef {{seat: number, token: string}} SeatToken */

const PREFIX = "loveletter.";

/**
 * @param {string} key
 * @returns {unknown}
 */
function read(key) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + key) ?? "null");
  } catch {
    return null;
  }
}

/**
 * @param {string} key
 * @param {unknown} value
 */
function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the page still works for this visit.
  }
}

/**
 * @param {unknown} value
 * @returns {string | null}
 */
const text = (value) => (typeof value === "string" ? value : null);

export const storage = {
  name: () => text(read("name")) ?? "",
  /** @param {string} name */
  setName: (name) => write("name", name),
  lang: () => text(read("lang")),
  /** @param {string} lang */
  setLang: (lang) => write("lang", lang),
  /**
   * The seat token for a table, or null.
   * @param {string} table
   * @returns {SeatToken | null}
   */
  seat: (table) => /** @type {SeatToken | null} */ (read(`seat.${table}`)),
  /**
   * @param {string} table
   * @param {SeatToken | null} seat
   */
  setSeat: (table, seat) => write(`seat.${table}`, seat),
  /** @param {string} table */
  hostToken: (table) => text(read(`host.${table}`)),
  /**
   * @param {string} table
   * @param {string} token
   */
  setHostToken: (table, token) => write(`host.${table}`, token),
  /**
   * Private notes of past rounds, per table and game.
   * @param {string} table
   * @param {number} game
   * @returns {Notes}
   */
  notes: (table, game) => /** @type {Notes | null} */ (read(`notes.${table}.${game}`)) ?? {},
  /**
   * @param {string} table
   * @param {number} game
   * @param {Notes} notes
   */
  setNotes: (table, game, notes) => write(`notes.${table}.${game}`, notes),
  /** Whether a sound tells this browser's player that it is their turn (off at first). */
  sound: () => read("sound") === true,
  /** @param {boolean} on */
  setSound: (on) => write("sound", on),
  /**
   * Whether the lesson of an edition's own cards was offered on this device already.
   * @param {string} edition
   */
  lessonOffered: (edition) => read(`lesson.${edition}`) === true,
  /** @param {string} edition */
  setLessonOffered: (edition) => write(`lesson.${edition}`, true),
  /**
   * Where the learner is in a lesson (its step and the moves played), or null.
   * @param {string} lesson
   * @returns {{step: number, moves: string[]} | null}
   */
  lessonAt: (lesson) => {
    const at = /** @type {{step?: unknown, moves?: unknown} | null} */ (read(`lesson-at.${lesson}`));
    const moves = at && Array.isArray(at.moves) && at.moves.every((move) => typeof move === "string") ? at.moves : null;
    return at && Number.isInteger(at.step) && moves ? { step: /** @type {number} */ (at.step), moves } : null;
  },
  /**
   * @param {string} lesson
   * @param {{step: number, moves: string[]} | null} at
   */
  setLessonAt: (lesson, at) => write(`lesson-at.${lesson}`, at),
};
