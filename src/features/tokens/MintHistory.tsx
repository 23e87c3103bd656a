import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../ui/Badge';
import { TOKEN_TEXT, tokenLine } from './labels';
import { tokensApi, type MintRecord } from '../../backend/api/tokensApi';

export const mintsKey = ['flow', 'mints'] as const;

const STATUS: Record<
  MintRecord['status'],
  { label: string; tone: 'neutral' | 'success' | 'warning' | 'danger' }
> = {
  requested: { label: 'Requested', tone: 'neutral' },
  sealed: { label: 'Sealed', tone: 'success' },
  verified: { label: 'Verified on Flow', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/** The creator's mints as the server recorded them, newest first. */
export function MintHistory({ names }: { names: ReadonlyMap<string, string> }) {
  const q = useQuery({ queryKey: mintsKey, queryFn: tokensApi.mine });
  return (
    <section className="stack" aria-labelledby="token-history-title">
      <h3 id="token-history-title">{TOKEN_TEXT.historyTitle}</h3>
      {q.isPending ? <p className="muted">Loading…</p> : null}
      {q.isError ? <p role="alert">Your mints could not be loaded.</p> : null}
      {q.data && q.data.mints.length === 0 ? <p className="muted">{TOKEN_TEXT.noMints}</p> : null}
      {q.data && q.data.mints.length > 0 ? (
        <ul className="token-history">
          {q.data.mints.map((m) => (
            <li key={m.id}>
              <strong>{names.get(m.patternId) ?? 'A pattern no longer published'}</strong>{' '}
              <Badge tone={STATUS[m.status].tone}>{STATUS[m.status].label}</Badge>{' '}
              <span className="muted">{m.network}</span>
              {m.tokenIds.length > 0 ? <div>{tokenLine(m.tokenIds, m.owner)}</div> : null}
              {m.error ? <div className="muted">{m.error}</div> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
