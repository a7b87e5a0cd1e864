// @ts-check
// The last play shown where it happened: the card flies from its player to their
// discard pile (under 600 ms) and an arrow goes from the player to each target. Both
// are drawn over the page after it is built and never hold up a click or the next
// state; with prefers-reduced-motion the card does not fly.

import { svg } from "./dom.js";

/** @typedef {import("./moves.js").Move} Move */
/** A rectangle relative to the board. @typedef {{left: number, top: number, right: number, bottom: number}} Box */
/** @typedef {[number, number]} Point */

const FLIGHT_MS = 450;

function reduced() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Fly the played card from where it was held to the top of its player's pile.
 * @param {Element} board
 * @param {Move | null} move
 * @param {number | null} me
 */
export function flyCard(board, move, me) {
  if (!move || reduced()) return;
  const seat = board.querySelector(`.seat[data-seat="${move.seat}"]`);
  const chip = seat ? seat.querySelector(".pile li:last-child .chip") : null;
  if (!seat || !chip || chip.getAttribute("data-card") !== move.card) return;
  const from = move.seat === me ? board.querySelector(".hand") : seat.querySelector(".seat-hand, .seat-name");
  if (!from) return;
  const a = from.getBoundingClientRect();
  const b = chip.getBoundingClientRect();
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  chip.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(1.5)`, opacity: 0.4, zIndex: 5 },
      { transform: "none", opacity: 1, zIndex: 5 },
    ],
    { duration: FLIGHT_MS, easing: "cubic-bezier(0.2, 0.7, 0.3, 1)" },
  );
}

/** What an arrow never crosses: everything on the board that holds words or cards. */
const OBSTACLES = ".seat, .recent, .status, .hand, .choices, .private-results, .center > *";

/** An arrow shorter than this, once cut around the obstacles, is not drawn. */
const MIN_SEGMENT = 6;

/**
 * Arrows from the player of the last play to each of its targets, over the board.
 * Each runs from the player's seat to the edge of the target's, drawn only where it
 * crosses no text: it is cut where it passes over a seat, the hand or the strip.
 */
/**
 * @param {Element} board
 * @param {Move | null} move
 */
export function drawArrows(board, move) {
  const old = board.querySelector(".move-arrows");
  if (old) old.remove();
  if (!move) return;
  const targets = move.targets.filter((seat) => seat !== move.seat);
  const from = board.querySelector(`.seat[data-seat="${move.seat}"]`);
  if (!from || !targets.length) return;
  const box = board.getBoundingClientRect();
  /**
   * @param {Element} element
   * @returns {Box}
   */
  const local = (element) => {
    const r = element.getBoundingClientRect();
    return { left: r.left - box.left, top: r.top - box.top, right: r.right - box.left, bottom: r.bottom - box.top };
  };
  const obstacles = [...board.querySelectorAll(OBSTACLES)].map(local);
  /**
   * @param {Box} r
   * @returns {Point}
   */
  const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
  const [x1, y1] = centre(local(from));
  /** @type {SVGElement[]} */
  const lines = [];
  for (const seat of targets) {
    const to = board.querySelector(`.seat[data-seat="${seat}"]`);
    if (!to) continue;
    const target = local(to);
    const [cx, cy] = centre(target);
    // The arrow ends where it enters the target's seat, a little outside it.
    const [enter] = inside([x1, y1], [cx, cy], target) ?? [1];
    const reach = Math.max(0, enter - 3 / Math.hypot(cx - x1, cy - y1));
    /** @type {Point} */
    const end = [x1 + (cx - x1) * reach, y1 + (cy - y1) * reach];
    const pieces = outside([x1, y1], end, obstacles);
    pieces.forEach(([a, b], i) => {
      const last = i === pieces.length - 1 && b === 1;
      lines.push(
        svg("line", {
          x1: x1 + (end[0] - x1) * a,
          y1: y1 + (end[1] - y1) * a,
          x2: x1 + (end[0] - x1) * b,
          y2: y1 + (end[1] - y1) * b,
          class: "move-arrow",
          ...(last ? { "marker-end": "url(#move-head)" } : {}),
        }),
      );
    });
  }
  if (!lines.length) return;
  const head = svg(
    "marker",
    { id: "move-head", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 4, markerHeight: 4, orient: "auto-start-reverse" },
    svg("path", { d: "M0 0L10 5L0 10z", class: "move-arrow-head" }),
  );
  const layer = svg("svg", { class: "move-arrows", width: box.width, height: box.height, "aria-hidden": "true" }, svg("defs", {}, head), ...lines);
  board.append(layer);
}

/**
 * The part of the segment p→q inside the rectangle, as [t0, t1] along it (0 at p,
 * 1 at q), or null when the segment misses it (Liang–Barsky clipping).
 * @param {Point} p
 * @param {Point} q
 * @param {Box} r
 * @returns {[number, number] | null}
 */
export function inside(p, q, r) {
  const dx = q[0] - p[0];
  const dy = q[1] - p[1];
  let t0 = 0;
  let t1 = 1;
  const sides = [
    [-dx, p[0] - r.left],
    [dx, r.right - p[0]],
    [-dy, p[1] - r.top],
    [dy, r.bottom - p[1]],
  ];
  for (const [step, room] of sides) {
    if (step === 0) {
      if (room < 0) return null;
    } else {
      const t = room / step;
      if (step < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
    }
  }
  return t0 < t1 ? [t0, t1] : null;
}

/**
 * The parts of the segment p→q outside every rectangle, long enough to draw; the
 * last part, which carries the arrowhead, is kept however short.
 * @param {Point} p
 * @param {Point} q
 * @param {Box[]} rectangles
 * @returns {[number, number][]}
 */
export function outside(p, q, rectangles) {
  const cut = rectangles
    .map((r) => inside(p, q, r))
    .filter((part) => part !== null)
    .sort((a, b) => a[0] - b[0]);
  const length = Math.hypot(q[0] - p[0], q[1] - p[1]);
  /** @type {[number, number][]} */
  const pieces = [];
  let from = 0;
  for (const [t0, t1] of cut) {
    if (t0 > from) pieces.push([from, t0]);
    from = Math.max(from, t1);
  }
  if (from < 1) pieces.push([from, 1]);
  return pieces.filter(([a, b]) => b === 1 || (b - a) * length >= MIN_SEGMENT);
}
