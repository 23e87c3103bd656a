import { MINT_LIMITS } from '../../domain/tokens/mintInput';
import type { MintFormErrors, RoyaltyRowText } from '../../domain/tokens/mintForm';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';

/** The royalty rows of the mint form: receiver, percent (divided by 100 on chain), description. */
export function RoyaltyFields({
  rows,
  errors,
  onChange,
  defaultReceiver,
}: {
  rows: RoyaltyRowText[];
  errors: MintFormErrors;
  onChange: (rows: RoyaltyRowText[]) => void;
  defaultReceiver: string;
}) {
  const update = (i: number, patch: Partial<RoyaltyRowText>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="token-royalties stack">
      <legend>Royalties</legend>
      <p className="muted">
        Paid to each receiver on every resale, in percent of the price (at most{' '}
        {MINT_LIMITS.royaltiesMax} receivers, {MINT_LIMITS.royaltyTotalMaxPercent}% together).
      </p>
      {errors.royalties ? (
        <p className="field__error" role="alert">
          {errors.royalties}
        </p>
      ) : null}
      {rows.map((r, i) => (
        <div key={i} className="token-royalty">
          <Field
            label={`Receiver ${i + 1}`}
            value={r.receiver}
            onChange={(e) => update(i, { receiver: e.target.value })}
            error={errors[`royalties.${i}.receiver`]}
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
          />
          <Field
            label={`Percent ${i + 1}`}
            inputMode="decimal"
            value={r.percent}
            onChange={(e) => update(i, { percent: e.target.value })}
            error={errors[`royalties.${i}.percent`]}
          />
          <Field
            label={`Description ${i + 1}`}
            value={r.description}
            onChange={(e) => update(i, { description: e.target.value })}
            error={errors[`royalties.${i}.description`]}
            placeholder="Creator royalty"
            maxLength={MINT_LIMITS.royaltyDescriptionMax}
          />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
            aria-label={`Remove royalty ${i + 1}`}
          >
            Remove
          </Button>
        </div>
      ))}
      {rows.length < MINT_LIMITS.royaltiesMax ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onChange([
              ...rows,
              {
                receiver: rows.length === 0 ? defaultReceiver : '',
                percent: rows.length === 0 ? '5' : '',
                description: '',
              },
            ])
          }
        >
          Add a royalty
        </Button>
      ) : null}
    </fieldset>
  );
}
