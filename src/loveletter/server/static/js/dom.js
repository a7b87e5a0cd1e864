// Building the page: elements from plain data, text always as text (never markup).

/**
 * An element: h("button", {class: "x", onclick: f, "data-key": "k"}, "text", child…).
 * Strings become text nodes; null, undefined and false children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      element.className = value;
    } else if (value === true) {
      element.setAttribute(name, "");
    } else {
      element.setAttribute(name, String(value));
    }
  }
  append(element, children);
  return element;
}

/** Append children (strings as text, arrays flattened, empty values skipped). */
export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** Replace an element's children. */
export function replace(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes and children (for the card emblems). */
export function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, String(value));
  for (const child of children) element.append(child);
  return element;
}

/**
 * Re-render a region without losing the keyboard focus: the focused element's
 * data-focus key is looked up again after `render` and focused.
 */
export function keepFocus(render) {
  const active = document.activeElement;
  const key = active && active.dataset ? active.dataset.focus : undefined;
  render();
  if (key && document.activeElement !== active) {
    const again = document.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (again) again.focus({ preventScroll: true });
  }
}

/**
 * Whether the folding panel with this id is open on the page, `kept` when it is not
 * there. Read it when drawing the page again: a click opens the panel at once, but
 * its toggle event comes later, maybe after a state that draws the page again.
 */
export function stillOpen(id, kept) {
  const shown = document.getElementById(id);
  return shown ? shown.open : kept;
}

/** A short message at the bottom of the screen (errors, "link copied"). */
export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  const item = h("p", { class: `toast toast-${kind}` }, text);
  box.append(item);
  setTimeout(() => item.remove(), kind === "error" ? 6000 : 3000);
}

/** A labelled form field: its label, its control (with an id), an optional hint. */
export function field(label, control, hint = null, extra = "") {
  return h("div", { class: `field ${extra}`.trim() }, h("label", { for: control.id }, label), control, hint);
}
