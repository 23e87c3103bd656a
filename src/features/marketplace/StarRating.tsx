import { useState } from 'react';
import { StarRadioGroup } from '../../ui/StarRadioGroup';

/**
 * The signed-in member's 1-5 star rating of a published pattern (src/ui/StarRadioGroup: one
 * tab stop, arrow keys move and choose). `onRate` resolves true when the rating was saved;
 * a second choice waits until the first is answered.
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
  return (
    <StarRadioGroup
      label={`Your rating of ${name}`}
      value={value ?? 0}
      busy={busy}
      onChoose={(n) => void choose(n)}
    />
  );
}
