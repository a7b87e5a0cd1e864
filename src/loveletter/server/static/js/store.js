// @ts-check
// One store for a page: the only holder of its state. Every change goes through
// dispatch(event), which hands the state and the event to a pure reducer; whoever
// subscribed is told after each change, with the state before it.

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
 * @template S, E
 * @param {(state: S, event: E) => S} reducer
 * @param {S} initial
 * @returns {Store<S, E>}
 */
export function createStore(reducer, initial) {
  let state = initial;
  /** @type {Set<(state: S, before: S) => void>} */
  const listeners = new Set();
  return {
    getState: () => state,
    dispatch(event) {
      const before = state;
      state = reducer(state, event);
      if (state === before) return;
      for (const listener of [...listeners]) listener(state, before);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
