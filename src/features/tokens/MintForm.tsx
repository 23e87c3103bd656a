import type { FormEvent } from 'react';
import { MINT_LIMITS } from '../../domain/tokens/mintInput';
import type { MintFormErrors, MintFormText } from '../../domain/tokens/mintForm';
import { Button } from '../../ui/Button';
import { Field, SelectField } from '../../ui/Field';
import { TOKEN_TEXT } from './labels';
import { RoyaltyFields } from './RoyaltyFields';

export interface MintablePattern {
  id: string;
  name: string;
}

/** The form as it starts: the creator's own account receives the token and a 5% royalty. */
export function initialMintForm(
  patterns: readonly MintablePattern[],
  address: string,
): MintFormText {
  return {
    patternId: patterns[0]?.id ?? '',
    recipient: address,
    royalties: [{ receiver: address, percent: '5', description: 'Creator royalty' }],
    tags: '',
    totalCycles: String(MINT_LIMITS.cyclesDefault),
    copies: '1',
  };
}

/** Mint one published pattern: recipient, royalties, tags, cycles and copies (the form's state is the caller's). */
export function MintForm({
  patterns,
  address,
  form,
  errors,
  busy,
  onChange,
  onSubmit,
}: {
  patterns: readonly MintablePattern[];
  address: string;
  form: MintFormText;
  errors: MintFormErrors;
  busy: boolean;
  onChange: (patch: Partial<MintFormText>) => void;
  onSubmit: () => void;
}) {
  const set = onChange;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <form
      className="stack token-mint-form"
      onSubmit={submit}
      noValidate
      aria-labelledby="token-mint-title"
    >
      <h3 id="token-mint-title">Mint a pattern</h3>
      <SelectField
        label="Pattern"
        value={form.patternId}
        onChange={(e) => set({ patternId: e.target.value })}
        options={patterns.map((p) => ({ value: p.id, label: p.name }))}
        error={errors.patternId}
      />
      <Field
        label="Recipient"
        hint="The Flow account that receives the token; it must be set up for pattern tokens."
        value={form.recipient}
        onChange={(e) => set({ recipient: e.target.value })}
        error={errors.recipient}
        spellCheck={false}
        autoComplete="off"
      />
      <RoyaltyFields
        rows={form.royalties}
        errors={errors}
        onChange={(royalties) => set({ royalties })}
        defaultReceiver={address}
      />
      <Field
        label="Tags"
        hint={`Comma-separated, at most ${MINT_LIMITS.tagsMax}; the pattern's category when empty.`}
        value={form.tags}
        onChange={(e) => set({ tags: e.target.value })}
        error={errors.tags ?? Object.entries(errors).find(([k]) => k.startsWith('tags.'))?.[1]}
      />
      <div className="row token-numbers">
        <Field
          label="Cycles"
          inputMode="numeric"
          value={form.totalCycles}
          onChange={(e) => set({ totalCycles: e.target.value })}
          error={errors.totalCycles}
        />
        <Field
          label="Copies"
          hint={`Editions in one transaction, 1 to ${MINT_LIMITS.copiesMax}.`}
          inputMode="numeric"
          value={form.copies}
          onChange={(e) => set({ copies: e.target.value })}
          error={errors.copies}
        />
      </div>
      <Button type="submit" disabled={busy || patterns.length === 0}>
        {busy ? TOKEN_TEXT.minting : TOKEN_TEXT.mint}
      </Button>
    </form>
  );
}
