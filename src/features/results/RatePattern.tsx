import { useLocalQuery } from '../../data/useLocalQuery';
import { useState } from 'react';
import { getRating, ratePattern } from '../../data/patternUsageRepo';
import { StarRadioGroup } from '../../ui/StarRadioGroup';

/** 1-5 stars for the pattern just practised; the library's 'Highest Rated' sort reads them. */
export function RatePattern({
  patternId,
  patternName,
}: {
  patternId: string;
  patternName: string;
}) {
  const current = useLocalQuery(() => getRating(patternId), [patternId]);
  const [error, setError] = useState<string | null>(null);
  const value = current?.rating ?? 0;
  return (
    <fieldset className="rate">
      <legend className="rate__legend">How did {patternName} feel?</legend>
      <StarRadioGroup
        label={`Rate ${patternName}`}
        className="rate__stars"
        value={value}
        onChoose={(n) => {
          setError(null);
          ratePattern(patternId, n).catch((e: unknown) =>
            setError(e instanceof Error ? e.message : String(e)),
          );
        }}
      />
      {value ? <p className="rate__saved">You rated it {value} of 5.</p> : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
