import { useState, type KeyboardEvent } from 'react';

/**
 * 1-5 stars as a radio group: arrow keys move and choose, as in a native radio group; one
 * tab stop. `onRate` resolves true when the rating was saved.
 */
export function StarRating({
  name,
  value,
  onRate,
}: {
  name: string;
  value: number | null;
  onRate: (rating: number) => Promise<boolean>;
}) {
  const [busy, setBusy] = useState(false);
  const choose = async (n: number) => {
    if (busy) return;
    setBusy(true);
    await onRate(n);
    setBusy(false);
  };
  const onKey = (e: KeyboardEvent, n: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowUp' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowDown' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, n + step));
    const group = e.currentTarget.parentElement;
    group?.querySelectorAll<HTMLButtonElement>('button')[next - 1]?.focus();
    void choose(next);
  };
  const current = value ?? 0;
  return (
    <div className="market-stars" role="radiogroup" aria-label={`Your rating of ${name}`} aria-busy={busy || undefined}>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={current === n}
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          tabIndex={(current || 1) === n ? 0 : -1}
          className={`market-stars__star ${n <= current ? 'market-stars__star--on' : ''}`}
          onClick={() => void choose(n)}
          onKeyDown={(e) => onKey(e, n)}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
}
