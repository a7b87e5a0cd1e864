// @ts-check
// Words around card chips (static/js/i18n.js): a list of elements reads as a sentence.

import assert from "node:assert/strict";
import { test } from "node:test";

import { listParts, setLang } from "../../src/loveletter/server/static/js/i18n.js";

// setLang marks the page's language on its root element.
Object.assign(globalThis, { document: { documentElement: {} } });

test("elements are listed with commas and the word for 'and'", () => {
  setLang("en");
  assert.deepEqual(listParts(["Princess", "Spy"]), ["Princess", " and ", "Spy"]);
  assert.deepEqual(listParts(["a", "b", "c"]), ["a", ", ", "b", " and ", "c"]);
  assert.deepEqual(listParts(["alone"]), ["alone"]);
  setLang("fr");
  assert.deepEqual(listParts(["Princesse", "Espionne"]), ["Princesse", " et ", "Espionne"]);
  setLang("en");
});
