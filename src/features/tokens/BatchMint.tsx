import { useState } from 'react';
import { FLOW_TX } from '../../domain/flow/constants';
import { Button } from '../../ui/Button';
import { TOKEN_TEXT } from './labels';
import type { MintablePattern } from './MintForm';

/**
 * Several patterns minted with the same recipient and royalties as the form above them:
 * each is its own transaction, 3 in flight at a time; each shows its own status.
 */
export function BatchMint({
  patterns,
  busy,
  lines,
  onMint,
}: {
  patterns: readonly MintablePattern[];
  busy: boolean;
  /** Status line per pattern id. */
  lines: ReadonlyMap<string, string>;
  onMint: (patternIds: string[]) => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <fieldset className="stack token-batch">
      <legend>{TOKEN_TEXT.batchTitle}</legend>
      <p className="muted">
        One token each, with the recipient and royalties above; {FLOW_TX.batchConcurrency}{' '}
        transactions at a time.
      </p>
      <ul className="token-batch__list">
        {patterns.map((p) => (
          <li key={p.id}>
            <label>
              <input
                type="checkbox"
                checked={chosen.has(p.id)}
                onChange={() => toggle(p.id)}
                disabled={busy}
              />{' '}
              {p.name}
            </label>
            {lines.get(p.id) ? <span className="muted"> {lines.get(p.id)}</span> : null}
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={busy || chosen.size === 0}
        onClick={() => onMint(patterns.filter((p) => chosen.has(p.id)).map((p) => p.id))}
      >
        {busy ? TOKEN_TEXT.minting : `${TOKEN_TEXT.batchMint} (${chosen.size})`}
      </Button>
    </fieldset>
  );
}
