import { useSyncExternalStore } from 'react';

/**
 * The local hour (0-23), kept current across the hour's change; null while a prerendered
 * page is being hydrated. The build renders pages long before anyone reads them, so
 * time-dependent text (greetings, 'Optimal Time', suggestions for now) is left out of the
 * HTML: hydration renders the same placeholder (React uses the server snapshot, null), then
 * fills in the hour at once. A screen rendered in the browser gets the hour straight away.
 */
export function useHour(): number | null {
  return useSyncExternalStore(subscribeHour, currentHour, noHour);
}

const currentHour = (): number => new Date().getHours();
const noHour = (): null => null;

function subscribeHour(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const schedule = () => {
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours() + 1, 0, 1);
    timer = setTimeout(() => {
      onChange();
      schedule();
    }, next.getTime() - now.getTime());
  };
  schedule();
  return () => clearTimeout(timer);
}
