/**
 * What the page on screen offers to practise (docs/product.md § Sessions): a pattern link's
 * pattern, a program's page, a course's day. The page that shows it says so while it is on
 * screen, with how to start it (the same thing its own 'Start' does); the bottom bar's play
 * button then starts that, not the remembered pattern. One fact, one owner: the page.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

export interface OnScreenPractice {
  /** Named by the play button: 'Practice now: <name>'. */
  name: string;
  start: () => void;
}

let current: { owner: object; item: OnScreenPractice } | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

const snapshot = () => current?.item ?? null;

/** The practice the page on screen offers, or null. */
export function useOnScreenPractice(): OnScreenPractice | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

/**
 * Says, while the calling component is mounted, that the page offers `name` to practise and
 * starts it with `start` (the latest `start` is called). Null offers nothing.
 */
export function useOffersPractice(name: string | null, start: () => void): void {
  const latest = useRef(start);
  useEffect(() => {
    latest.current = start;
  });
  useEffect(() => {
    if (name === null) return;
    const owner = {};
    current = { owner, item: { name, start: () => latest.current() } };
    notify();
    return () => {
      if (current?.owner !== owner) return;
      current = null;
      notify();
    };
  }, [name]);
}
