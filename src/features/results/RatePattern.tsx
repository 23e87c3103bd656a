import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { getRating, ratePattern } from '../../data/patternUsageRepo';

/** 1-5 stars for the pattern just practised; the library's 'Highest Rated' sort reads them. */
export function RatePattern({
  patternId,
  patternName,
}: {
  patternId: string;
  patternName: string;
}) {
  const current = useLiveQuery(() => getRating(patternId), [patternId]);
  const [error, setError] = useState<string | null>(null);
  const value = current?.rating ?? 0;
  return (
    <fieldset className="rate">
      <legend className="rate__legend">How did {patternName} feel?</legend>
      <div className="rate__stars" role="radiogroup" aria-label={`Rate ${patternName}`}>
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={value === n}
            aria-label={`${n} star${n > 1 ? 's' : ''}`}
            className={`rate__star ${n <= value ? 'rate__star--on' : ''}`}
            onClick={() => {
              setError(null);
              ratePattern(patternId, n).catch((e: unknown) =>
                setError(e instanceof Error ? e.message : String(e)),
              );
            }}
          >
            ★
          </button>
        ))}
      </div>
      {value ? <p className="rate__saved">You rated it {value} of 5.</p> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
