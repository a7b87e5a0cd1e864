// The text on the page whose contrast with what lies behind it is below WCAG's AA
// level (4.5:1, or 3:1 for large text). Behind a text: the background colours of its
// element and its ancestors, composed, down to the first opaque colour or gradient
// (each colour stop of a gradient is tried: the worst counts). Disabled controls and
// knocked-out players, dimmed on purpose, are left out (WCAG exempts inactive parts).
() => {
  const parse = (s) => [...s.matchAll(/rgba?\(([^)]+)\)/g)].map((m) => {
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  });
  const over = (top, base) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + base[i] * (1 - a)).concat([1]);
  };
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const seen = new Set();
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || seen.has(el)) continue;
    seen.add(el);
    if (!el.getClientRects().length || el.closest(".sr-only, [aria-hidden=true], [aria-disabled], [disabled], .is-out")) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden") continue;
    let layers = [], bases = null, opacity = 1;
    for (let n = el; n; n = n.parentElement) {
      const s = getComputedStyle(n);
      opacity *= Number(s.opacity);
      if (s.backgroundImage.includes("gradient")) { bases = parse(s.backgroundImage).filter((c) => c[3] > 0.5); break; }
      const bg = parse(s.backgroundColor)[0];
      if (bg && bg[3] >= 1) { bases = [bg]; break; }
      if (bg && bg[3] > 0) layers.push(bg);
    }
    if (!bases || !bases.length) bases = [[16, 48, 42, 1]];
    const color = parse(cs.color)[0];
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    let worst = 99;
    for (const base of bases) {
      let bg = base;
      for (const layer of layers.slice().reverse()) bg = over(layer, bg);
      const text = over([color[0], color[1], color[2], color[3] * opacity], bg);
      worst = Math.min(worst, ratio(text, bg));
    }
    if (worst < need) found.push(`${worst.toFixed(2)} < ${need}: <${el.tagName.toLowerCase()} class="${el.className}"> ${node.textContent.trim().slice(0, 40)}`);
  }
  return found;
}
