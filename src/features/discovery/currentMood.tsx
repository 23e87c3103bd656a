import { useSyncExternalStore } from 'react';
import { MOODS, MOOD_LABELS, type Mood } from '../../domain/recommendations';
import './discovery.css';

/**
 * How the person feels right now (the mood choice on Smart Picks, docs/product.md §
 * Discovery). Kept for this visit only: a mood is about now, so a later visit starts
 * without one rather than ranking by yesterday's stress.
 */
let current: Mood | null = null;
const listeners = new Set<() => void>();

function setCurrentMood(mood: Mood | null): void {
  current = mood;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useCurrentMood(): Mood | null {
  return useSyncExternalStore(subscribe, () => current, () => null);
}

/** 'How do you feel?': three toggle buttons; pressing the chosen one again clears it. */
export function MoodChoice() {
  const mood = useCurrentMood();
  return (
    <fieldset className="mood-choice">
      <legend className="muted">How do you feel right now?</legend>
      <div className="mood-choice__options">
        {MOODS.map((m) => (
          <button
            key={m}
            type="button"
            className={`btn btn--secondary mood-choice__option${mood === m ? ' is-selected' : ''}`}
            aria-pressed={mood === m}
            onClick={() => setCurrentMood(mood === m ? null : m)}
          >
            {MOOD_LABELS[m]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
