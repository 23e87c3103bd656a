import type { KeyboardEvent } from 'react';

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * A 1-5 star rating as a radio group: one tab stop (the chosen star, else the first), the
 * arrow keys move and choose as in a native radio group, a click chooses. `value` 0 means
 * not rated yet. While `busy` the group is marked aria-busy (and dimmed).
 */
export function StarRadioGroup({
  label,
  value,
  onChoose,
  busy = false,
  className,
}: {
  label: string;
  value: number;
  onChoose: (rating: number) => void;
  busy?: boolean;
  className?: string;
}) {
  const onKey = (e: KeyboardEvent<HTMLButtonElement>, n: number) => {
    const step =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? -1
          : 0;
    if (!step) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, n + step));
    e.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('button')[next - 1]?.focus();
    onChoose(next);
  };
  return (
    <div
      className={className ? `stars ${className}` : 'stars'}
      role="radiogroup"
      aria-label={label}
      aria-busy={busy || undefined}
    >
      {STARS.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          tabIndex={(value || 1) === n ? 0 : -1}
          className={n <= value ? 'stars__star stars__star--on' : 'stars__star'}
          onClick={() => onChoose(n)}
          onKeyDown={(e) => onKey(e, n)}
        >
          <span aria-hidden="true">★</span>
        </button>
      ))}
    </div>
  );
}
