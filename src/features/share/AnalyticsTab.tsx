import { useQuery } from '@tanstack/react-query';
import { communityApi } from '../../backend/api/communityApi';
import { postAnalytics } from '../../domain/share/postAnalytics';
import { Button } from '../../ui/Button';
import { LoadingDots } from '../../ui/LoadingDots';
import { Stat } from '../../ui/Stat';

const figure = (n: number | undefined) => (n === undefined ? 'no posts yet' : String(n));

/** Analytics of the user's own community posts, as the server counts them now. */
export function AnalyticsTab({ userId }: { userId: string }) {
  const q = useQuery({ queryKey: ['social', 'mine', userId], queryFn: communityApi.myPosts });
  if (q.isPending) return <LoadingDots label="Loading your posts" />;
  if (q.isError) {
    return (
      <div role="alert">
        <p>Your posts could not be loaded: {q.error.message}</p>
        <Button variant="secondary" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { totals, items } = q.data;
  const a = postAnalytics(
    items.map((p) => ({ id: p.id, content: p.content, createdAt: p.createdAt, reactions: p.stats.reactions, comments: p.stats.comments })),
  );
  if (totals.posts === 0) return <p className="muted">You have not posted to the community yet: your posts&apos; figures will show here.</p>;
  return (
    <div className="analytics">
      <dl className="stat-grid share-stats__grid" data-testid="post-analytics">
        <Stat label="Posts" value={totals.posts} />
        <Stat label="Reactions from others" value={totals.reactions} />
        <Stat label="Comments from others" value={totals.comments} />
        <Stat label="Responses per post" value={figure(a.perPost)} />
      </dl>
      <p>
        Posted at the best times: {a.atOptimalTimes.posts} ({figure(a.atOptimalTimes.perPost)} responses each); at other
        times: {a.otherTimes.posts} ({figure(a.otherTimes.perPost)} each).
      </p>
      {a.best ? <p>Most responses: &ldquo;{a.best.content}&rdquo; ({a.best.reactions + a.best.comments}).</p> : null}
      <h3>Your posts</h3>
      <ul className="analytics__posts">
        {items.map((p) => (
          <li key={p.id}>
            <span className="analytics__text">{p.content}</span>{' '}
            <span className="muted">
              {new Date(p.createdAt).toLocaleString()} · {p.stats.reactions} reactions · {p.stats.comments} comments
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
