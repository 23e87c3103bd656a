/**
 * The listeners of a module-level store, in the form React's useSyncExternalStore asks for:
 * `subscribe` adds one and returns its removal; `notify` calls them all after a change.
 */
interface ChangeSignal {
  subscribe: (listener: () => void) => () => void;
  notify: () => void;
}

export function changeSignal(): ChangeSignal {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    notify() {
      listeners.forEach((l) => l());
    },
  };
}
