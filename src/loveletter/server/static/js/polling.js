// @ts-check
// Asking the server again and again while the page is looked at: a task runs at once,
// then every so often while the page is visible, not at all while it is hidden, and at
// once when it shows again. One run at a time: a run asked for during another follows
// it (a filter changed while the last answer is on its way).

/**
 * @typedef {object} Polling
 * @property {() => Promise<void>} now  run the task now (after the one under way)
 */

/**
 * Run `task` now and every `every` milliseconds while the page is visible. The task
 * says its own failures; polling goes on after them.
 * @param {() => Promise<void>} task
 * @param {number} every
 * @returns {Polling}
 */
export function whileVisible(task, every) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<void> | null} */
  let running = null;
  let again = false;
  const visible = () => document.visibilityState !== "hidden";

  async function run() {
    clearTimeout(timer);
    timer = undefined;
    if (running) {
      again = true;
      return running;
    }
    if (!visible()) return;
    running = task().catch(() => {});
    await running;
    running = null;
    if (again) {
      again = false;
      return run();
    }
    if (visible()) timer = setTimeout(run, every);
  }

  document.addEventListener("visibilitychange", () => {
    if (visible()) {
      run();
    } else {
      clearTimeout(timer);
      timer = undefined;
    }
  });
  run();
  return { now: run };
}
