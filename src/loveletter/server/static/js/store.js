// @ts-check
// One store for a page: the only holder of its state. Every change goes through
// dispatch(event), which hands the state and the event to a pure reducer; whoever
// subscribed is told after each change, with the state it was told of before.

/**
 * @template S, E
 * @typedef {object} Store
 * @property {() => S} getState
 * @property {(event: E) => void} dispatch
 * @property {(listener: (state: S, before: S) => void) => () => void} subscribe
 *   returns the function that unsubscribes
 */

/**
 * A store over `reducer`, starting from `initial`. A reducer that returns the state
 * it was given changed nothing: no listener is told.
 *
 * An event dispatched while the listeners are being told (a listener, or something
 * it set off, dispatches) changes the state at once; the listeners are then told of
 * the latest state, each after it is done with the one it was hearing of, never in
 * the middle of it, and never of an older state after a newer one.
 * @template S, E
 * @param {(state: S, event: E) => S} reducer
 * @param {S} initial
 * @returns {Store<S, E>}
 */
export function createStore(reducer, initial) {
  let state = initial;
  /**
   * Each listener, and the state it was last told of.
   * @type {Map<(state: S, before: S) => void, S>}
   */
  const listeners = new Map();
  let telling = false;

  function tell() {
    telling = true;
    try {
      for (let told = true; told; ) {
        told = false;
        for (const listener of [...listeners.keys()]) {
          // Unsubscribed meanwhile, or already told of this state.
          if (!listeners.has(listener)) continue;
          const before = /** @type {S} */ (listeners.get(listener));
          if (before === state) continue;
          const now = state;
          listeners.set(listener, now);
          listener(now, before);
          told = true;
        }
      }
    } finally {
      telling = false;
    }
  }

  return {
    getState: () => state,
    dispatch(event) {
      const before = state;
      state = reducer(state, event);
      if (state !== before && !telling) tell();
    },
    subscribe(listener) {
      listeners.set(listener, state);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
