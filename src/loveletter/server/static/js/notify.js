// @ts-check
// Telling a player that it is their turn when they are not looking: a short sound
// (off unless they turn it on; the page's state holds the choice, the browser
// remembers it) and, while the tab is hidden, a browser notification if they allowed
// them.

import { h, svg } from "./dom.js";
import { t } from "./i18n.js";

/** Two soft notes, made on the spot (no sound file), in an audio context of their own. */
function chime() {
  if (!("AudioContext" in window)) return;
  const audio = new AudioContext();
  const now = audio.currentTime;
  [659.25, 987.77].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + i * 0.16);
    gain.gain.exponentialRampToValueAtTime(0.18, now + i * 0.16 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start(now + i * 0.16);
    tone.stop(now + i * 0.16 + 0.4);
    if (i === 1) tone.addEventListener("ended", () => audio.close());
  });
}

/**
 * It became this seat's turn: a sound if wanted, a notification if the tab is hidden.
 * @param {string} tableId
 * @param {boolean} sound
 */
export function yourTurn(tableId, sound) {
  if (sound) chime();
  if (document.visibilityState !== "hidden" || !("Notification" in window)) return;
  if (Notification.permission === "granted") {
    const note = new Notification(t("notify_title"), { body: t("notify_body", { id: tableId }), tag: `turn-${tableId}` });
    note.addEventListener("click", () => window.focus());
  }
}

/**
 * The sound toggle of the top bar (asks for notifications when switched on).
 * @param {boolean} on
 * @param {(on: boolean) => void} onChange
 */
export function soundToggle(on, onChange) {
  return h(
    "button",
    {
      type: "button",
      class: "ghost small sound-toggle",
      id: "sound-toggle",
      "data-focus": "sound-toggle",
      "aria-pressed": String(on),
      title: t("sound_label"),
      "aria-label": t("sound_label"),
      onclick: () => {
        if (!on) {
          chime();
          if ("Notification" in window && Notification.permission === "default") Notification.requestPermission();
        }
        onChange(!on);
      },
    },
    speaker(on),
    h("span", { class: "sound-word" }, on ? t("sound_on") : t("sound_off")),
  );
}

/**
 * A loudspeaker, with waves when the sound is on, crossed out when off.
 * @param {boolean} on
 */
function speaker(on) {
  const line = { fill: "none", stroke: "currentColor", "stroke-width": 1.8, "stroke-linecap": "round" };
  return svg(
    "svg",
    { viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true" },
    svg("path", { d: "M4 9.5h3.5L12 5.5v13l-4.5-4H4z", fill: "currentColor" }),
    ...(on
      ? [svg("path", { d: "M15.5 9a4.5 4.5 0 010 6", ...line }), svg("path", { d: "M18 6.5a8 8 0 010 11", ...line })]
      : [svg("path", { d: "M15.5 9.5l5 5M20.5 9.5l-5 5", ...line })]),
  );
}
