import { useMemo, useState, useSyncExternalStore, type DependencyList } from 'react';
import { loadLocalData, type LocalData } from './loadLocalData';

/** A read of the local database; it runs again whenever the rows it read change. */
export type LocalRead<T> = (data: LocalData) => Promise<T> | T;

interface Outcome<T> {
  readonly value: T;
  /** Set when the read failed: the component throws it to the nearest error boundary. */
  readonly failure: { readonly error: unknown } | null;
}

/** The last outcome a component showed, carried from one set of dependencies to the next. */
interface Shown<T> {
  last: Outcome<T>;
}

interface LiveSource<T> {
  subscribe(onChange: () => void): () => void;
  getSnapshot(): Outcome<T>;
}

/**
 * One read as an external store: subscribing loads the database module, then keeps a
 * Dexie live query open until unsubscribed. It starts from what the component showed last
 * (the fallback at first), so new dependencies do not flash the fallback again.
 */
function liveSource<T>(read: LocalRead<T>, shown: Shown<T>): LiveSource<T> {
  let outcome: Outcome<T> = { value: shown.last.value, failure: null };
  return {
    getSnapshot: () => outcome,
    subscribe(onChange) {
      let open = true;
      let query: { unsubscribe(): void } | undefined;
      const publish = (next: Outcome<T>) => {
        if (!open) return;
        outcome = next;
        shown.last = next;
        onChange();
      };
      const fail = (error: unknown) => publish({ value: outcome.value, failure: { error } });
      loadLocalData().then((data) => {
        if (!open) return;
        query = data.liveQuery(() => read(data)).subscribe({
          next: (value) => publish({ value, failure: null }),
          error: fail,
        });
      }, fail);
      return () => {
        open = false;
        query?.unsubscribe();
      };
    },
  };
}

/**
 * A live read of the local database for a component, as dexie-react-hooks' useLiveQuery
 * but with the database loaded on first use (./loadLocalData): `fallback` until the first
 * result (always on the first render, so a prerendered page hydrates as it was built),
 * then every new result as the rows change (in this tab or another). `deps` are the values
 * `read` depends on; when they change, the read starts again and the last result stays
 * until the new one arrives. A failed read throws to the nearest error boundary.
 */
export function useLocalQuery<T>(read: LocalRead<T>, deps: DependencyList): T | undefined;
export function useLocalQuery<T, F>(read: LocalRead<T>, deps: DependencyList, fallback: F): T | F;
export function useLocalQuery<T, F>(read: LocalRead<T>, deps: DependencyList, fallback?: F): T | F | undefined {
  const [shown] = useState<Shown<T | F | undefined>>(() => ({ last: { value: fallback, failure: null } }));
  // The caller's deps say when `read` changes (as with useLiveQuery); `shown` never does.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const source = useMemo(() => liveSource<T | F | undefined>(read, shown), deps);
  const outcome = useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
  if (outcome.failure) throw outcome.failure.error;
  return outcome.value;
}
