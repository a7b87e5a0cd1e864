// @ts-check
// Building the page: elements from plain data, text always as text (never markup), and
// patch(), which brings what is on the page to what was built again while keeping the
// elements that stay: the focus, a caret, a scrolled log and a running animation stay
// with them, so nothing has to be put back after the page is drawn.

/** A child of h(): a node, a text, nothing, or a list of them. @typedef {Node | string | number | null | undefined | false | Children} Child */
/** @typedef {Array<Child>} Children */
/** @typedef {(event: Event) => void} Handler */
/** An attribute's value; "on…" attributes take a handler. @typedef {string | number | boolean | null | undefined | Handler} AttrValue */
/** @typedef {Record<string, AttrValue>} Attrs */

/**
 * The handlers h() gave an element, by event type, and the one listener that calls
 * them: added once for each type that has a handler, removed with it, so that an
 * element patch() keeps runs the handler of its last build once per event, however
 * often it lost and got back a handler.
 * @typedef {{handlers: Map<string, Handler>, relay: (event: Event) => void}} Listening
 */

/** @type {WeakMap<Element, Listening>} */
const LISTENING = new WeakMap();

/**
 * @param {Element} element
 * @param {string} type
 * @param {Handler} handler
 */
function listen(element, type, handler) {
  let listening = LISTENING.get(element);
  if (!listening) {
    const handlers = new Map();
    listening = { handlers, relay: (event) => handlers.get(event.type)?.(event) };
    LISTENING.set(element, listening);
  }
  listening.handlers.set(type, handler);
  // Adding the same listener for the same type again adds nothing.
  element.addEventListener(type, listening.relay);
}

/**
 * @param {Element} element
 * @param {string} type
 */
function unlisten(element, type) {
  const listening = LISTENING.get(element);
  if (!listening) return;
  listening.handlers.delete(type);
  element.removeEventListener(type, listening.relay);
}

/**
 * An element: h("button", {class: "x", onclick: f, "data-key": "k"}, "text", child…).
 * Strings become text nodes; null, undefined and false children are skipped.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") {
      if (name.startsWith("on")) listen(element, name.slice(2), value);
    } else if (name === "class") {
      element.className = String(value);
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/**
 * Append children (strings as text, arrays flattened, empty values skipped).
 * @template {Element} E
 * @param {E} element
 * @param {Child[]} children
 * @returns {E}
 */
export function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * Replace an element's children.
 * @template {Element} E
 * @param {E} element
 * @param {...Child} children
 * @returns {E}
 */
export function replace(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

const SVG = "http://www.w3.org/2000/svg";

/**
 * An SVG element with attributes and children (the card emblems, the arrows).
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {...Node} children
 * @returns {SVGElement}
 */
export function svg(tag, attrs = {}, ...children) {
  const element = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

// ------------------------------------------------------------------ patching

/**
 * The element on the page that a placeholder of keep() stands for.
 * @type {WeakMap<Node, Element>}
 */
const KEPT = new WeakMap();

/**
 * A child that tells patch() to leave this element of the page as it is, where the
 * placeholder is.
 * @param {Element} element
 * @returns {Node}
 */
export function keep(element) {
  const placeholder = document.createComment("kept");
  KEPT.set(placeholder, element);
  return placeholder;
}

/**
 * Make `element`'s children what `children` build, keeping the elements that stay:
 * a child is kept when the new one has its key (data-region, id or data-focus) or,
 * with no key, the same tag at the same place; its attributes, handlers, value and
 * children are brought up to date.
 * @param {Element} element
 * @param {...Child} children
 */
export function patch(element, ...children) {
  patchChildren(element, append(document.createElement("div"), children));
}

/**
 * The key that matches an element with the one built in its place.
 * @param {Node} node
 * @returns {string | null}
 */
function keyOf(node) {
  if (!(node instanceof Element)) return null;
  return node.getAttribute("data-region") ?? (node.id || null) ?? node.getAttribute("data-focus");
}

/**
 * Bring `from`'s children to `to`'s: first find which child of the page each built one
 * is (kept by keep(), by key, or the next unkeyed one of its tag), then remove the
 * children none is, then put the new ones in place. A kept child is moved only when
 * the kept children change order: moving an element takes its focus away.
 * @param {Element} from  on the page
 * @param {Element} to  built: its children are taken over
 */
function patchChildren(from, to) {
  const old = [...from.childNodes];
  /** @type {Map<string, ChildNode>} */
  const keyed = new Map();
  for (const child of old) {
    const key = keyOf(child);
    if (key !== null && !keyed.has(key)) keyed.set(key, child);
  }
  /** @type {Set<Node>} */
  const used = new Set();
  let scan = 0;
  /** @type {Node[]} */
  const targets = [];
  for (const built of [...to.childNodes]) {
    const kept = KEPT.get(built);
    const match = kept ?? matchOf(built, keyed, old, scan, used);
    if (match && !kept) {
      if (match instanceof Element) patchElement(match, /** @type {Element} */ (built));
      else if (match.nodeValue !== built.nodeValue) match.nodeValue = built.nodeValue;
    }
    if (match) {
      used.add(match);
      const at = old.indexOf(/** @type {ChildNode} */ (match));
      if (at >= scan) scan = at + 1;
    } else {
      placeKept(built);
    }
    targets.push(match ?? built);
  }
  for (const child of old) if (!used.has(child)) child.remove();
  /** @type {ChildNode | null} */
  let cursor = from.firstChild;
  for (const node of targets) {
    if (node === cursor) cursor = cursor.nextSibling;
    else from.insertBefore(node, cursor);
  }
}

/**
 * The child of the page a built node takes the place of: the one with its key, or with
 * no key the first unused one of its name from `scan` on; none if its name differs.
 * @param {Node} built
 * @param {Map<string, ChildNode>} keyed
 * @param {ChildNode[]} old
 * @param {number} scan
 * @param {Set<Node>} used
 * @returns {Node | null}
 */
function matchOf(built, keyed, old, scan, used) {
  const key = keyOf(built);
  if (key !== null) {
    const match = keyed.get(key);
    if (!match || used.has(match) || match.nodeName !== built.nodeName) return null;
    return match;
  }
  for (let at = scan; at < old.length; at++) {
    const node = old[at];
    if (!used.has(node) && node.nodeName === built.nodeName && keyOf(node) === null) return node;
  }
  return null;
}

/**
 * Put the elements that keep() placeholders inside a new node stand for in their place.
 * @param {Node} node
 */
function placeKept(node) {
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_COMMENT);
  /** @type {Node[]} */
  const placeholders = [];
  for (let found = walker.nextNode(); found; found = walker.nextNode()) {
    if (KEPT.has(found)) placeholders.push(found);
  }
  for (const placeholder of placeholders) {
    const kept = KEPT.get(placeholder);
    if (kept && placeholder instanceof Comment) placeholder.replaceWith(kept);
  }
}

/**
 * @param {Element} from
 * @param {Element} to
 */
function patchElement(from, to) {
  for (const { name } of [...from.attributes]) {
    if (!to.hasAttribute(name)) from.removeAttribute(name);
  }
  for (const { name, value } of to.attributes) {
    if (from.getAttribute(name) !== value) from.setAttribute(name, value);
  }
  const handlers = LISTENING.get(to)?.handlers;
  const before = LISTENING.get(from)?.handlers;
  if (before) for (const type of [...before.keys()]) if (!handlers?.has(type)) unlisten(from, type);
  if (handlers) for (const [type, handler] of handlers) listen(from, type, handler);
  if (from instanceof HTMLInputElement && to instanceof HTMLInputElement) {
    if (from.checked !== to.checked) from.checked = to.checked;
    if (from.value !== to.value) from.value = to.value;
  }
  patchChildren(from, to);
}

/**
 * What a page draws in parts: each part is built again only when what it shows (its
 * slice: a list of values) changed; else it stays as it is on the page. Returns the
 * function that draws a part: draw(key, slice, build) gives the part to put in the page.
 * @returns {(key: string, slice: unknown[], build: () => Element | null) => Node | null}
 */
export function regions() {
  /** @type {Map<string, {slice: unknown[], empty: boolean}>} */
  const drawn = new Map();
  return (key, slice, build) => {
    const before = drawn.get(key);
    if (before && sameSlice(before.slice, slice)) {
      if (before.empty) return null;
      const shown = document.querySelector(`[data-region="${key}"]`);
      if (shown) return keep(shown);
    }
    const element = build();
    if (element) element.setAttribute("data-region", key);
    drawn.set(key, { slice, empty: !element });
    return element;
  };
}

/**
 * @param {unknown[]} a
 * @param {unknown[]} b
 * @returns {boolean}
 */
export function sameSlice(a, b) {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

// ------------------------------------------------------------------ small things

/**
 * The top bar names the page (its heading says it again: a phone, short of room,
 * shows only the heading).
 * @param {string} text
 */
export function namePage(text) {
  const info = document.getElementById("topbar-info");
  if (!info) return;
  info.textContent = text;
  info.classList.add("page-name");
}

/**
 * A short message at the bottom of the screen (errors, "link copied").
 * @param {string} text
 * @param {"info" | "error"} [kind]
 */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = h("p", { class: `toast toast-${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3000);
}

/**
 * A labelled form field: its label, its control (with an id), an optional hint.
 * @param {string} label
 * @param {HTMLElement} control
 * @param {Child} [hint]
 * @param {string} [extra]
 * @returns {HTMLDivElement}
 */
export function field(label, control, hint = null, extra = "") {
  return h("div", { class: `field ${extra}`.trim() }, h("label", { for: control.id }, label), control, hint);
}

/**
 * The value of the input (or select) an event comes from.
 * @param {Event} event
 * @returns {string}
 */
export function valueOf(event) {
  return /** @type {HTMLInputElement | HTMLSelectElement} */ (event.target).value;
}

/**
 * Whether the checkbox an event comes from is ticked.
 * @param {Event} event
 * @returns {boolean}
 */
export function checkedOf(event) {
  return /** @type {HTMLInputElement} */ (event.target).checked;
}
