import { useQuery } from '@tanstack/react-query';
import { communityApi, type TrendingPattern } from '../../backend/api/communityApi';
import { getPattern } from '../../domain/patterns';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadingDots } from '../../ui/LoadingDots';
import { reasonOf } from './usePostActions';
import { socialKeys } from './timelineCache';
import { useTryPattern } from './useTryPattern';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function Row({ t }: { t: TrendingPattern }) {
  const tryPattern = useTryPattern(t.pattern ?? (t.id ? { id: t.id, name: t.name } : null));
  const name = (t.id ? getPattern(t.id)?.name : undefined) ?? t.name;
  return (
    <li className="trending__item">
      <span>
        <strong>{name}</strong>
        <span className="muted">
          {' '}
          {count(t.sessions, 'session')} · {count(t.shares, 'share')} · {count(t.people, 'person', 'people')}
        </span>
      </span>
      {tryPattern ? (
        <Button variant="ghost" size="sm" onClick={tryPattern} aria-label={`Try ${name}`}>
          Try
        </Button>
      ) : null}
    </li>
  );
}

/** The patterns practised and shared most in the last 7 days (from real sessions and posts). */
export function TrendingPatterns() {
  const q = useQuery({ queryKey: socialKeys.trending, queryFn: communityApi.trending });
  return (
    <Card as="section" aria-labelledby="trending-title">
      <h2 id="trending-title">Trending patterns</h2>
      {q.isPending ? <LoadingDots label="Loading trending patterns" /> : null}
      {q.isError ? <p role="alert">Trending patterns could not be loaded: {reasonOf(q.error)}</p> : null}
      {q.data ? (
        q.data.patterns.length === 0 ? (
          <p className="muted">Nothing practiced or shared in the last {q.data.windowDays} days yet.</p>
        ) : (
          <ol className="trending">
            {q.data.patterns.map((t) => (
              <Row key={t.id ?? t.name} t={t} />
            ))}
          </ol>
        )
      ) : null}
      <p className="muted">Counted from synced sessions and posts of the last 7 days.</p>
    </Card>
  );
}
