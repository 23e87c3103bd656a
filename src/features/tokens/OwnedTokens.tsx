import { useState, type FormEvent } from 'react';
import { normalizeFlowAddress, shortFlowAddress } from '../../domain/flow/address';
import type { FlowClient, PatternTokenView } from '../../flow/flowClient';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { progressText } from './labels';
import { failureText } from './mintFlow';
import { MintStatus } from './MintStatus';

/**
 * The pattern tokens the connected account holds (read from its collection on Flow), each
 * with a transfer to another account that has set up its collection.
 */
export function OwnedTokens({ client, address }: { client: FlowClient; address: string }) {
  const [tokens, setTokens] = useState<PatternTokenView[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [moving, setMoving] = useState<string | null>(null);
  const [recipient, setRecipient] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ text: string; tone?: 'error' | 'done' } | null>(null);

  const load = async () => {
    setLoading(true);
    try {
      setTokens(await client.listPatterns(address));
    } catch (e) {
      setStatus({ text: failureText(e), tone: 'error' });
    } finally {
      setLoading(false);
    }
  };

  const transfer = async (e: FormEvent, id: string) => {
    e.preventDefault();
    const to = normalizeFlowAddress(recipient);
    if (!to) {
      setError('Recipient must be a Flow address (0x and 16 hex digits)');
      return;
    }
    setError(undefined);
    try {
      await client.transfer(to, id, (p) => setStatus({ text: progressText(p) }));
      setStatus({ text: `Token #${id} sent to ${shortFlowAddress(to)}.`, tone: 'done' });
      setMoving(null);
      await load();
    } catch (err) {
      setStatus({ text: failureText(err), tone: 'error' });
    }
  };

  return (
    <section className="stack" aria-labelledby="token-owned-title">
      <h3 id="token-owned-title">Tokens in this account</h3>
      <Button variant="secondary" size="sm" onClick={() => void load()} disabled={loading}>
        {tokens ? 'Read again from Flow' : 'Show tokens'}
      </Button>
      {tokens && tokens.length === 0 ? (
        <p className="muted">This account holds no pattern tokens.</p>
      ) : null}
      {tokens && tokens.length > 0 ? (
        <ul className="token-history">
          {tokens.map((t) => (
            <li key={t.id}>
              <strong>{t.name}</strong> #{t.id}{' '}
              <span className="muted">
                edition {t.edition}, by {shortFlowAddress(t.creator)}
              </span>{' '}
              {moving === t.id ? (
                <form className="row token-transfer" onSubmit={(e) => void transfer(e, t.id)}>
                  <Field
                    label={`Send #${t.id} to`}
                    value={recipient}
                    onChange={(e) => setRecipient(e.target.value)}
                    error={error}
                    spellCheck={false}
                    autoComplete="off"
                  />
                  <Button type="submit" size="sm">
                    Transfer
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setMoving(null)}>
                    Cancel
                  </Button>
                </form>
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setMoving(t.id)}
                  aria-label={`Transfer ${t.name} #${t.id}`}
                >
                  Transfer
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <MintStatus label="Transfer status" text={status?.text ?? null} tone={status?.tone} />
    </section>
  );
}
