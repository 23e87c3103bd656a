import { useInfiniteQuery } from '@tanstack/react-query';
import { communityApi, type Page, type Post } from '../../backend/api/communityApi';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { ErrorCard } from '../errors';
import { PostCard } from './PostCard';
import { socialKeys } from './timelineCache';
import { reasonOf, usePostActions } from './usePostActions';

export type CommunityListKind = 'highlights' | 'explore';

const LISTS: Record<
  CommunityListKind,
  {
    title: string;
    intro: string;
    loading: string;
    failed: string;
    empty: string;
    fetch: () => Promise<Post[]>;
  }
> = {
  highlights: {
    title: 'Highlights',
    intro: 'The posts other members responded to most in the last 7 days: up to 10.',
    loading: 'Loading the highlights',
    failed: 'The highlights could not be loaded',
    empty:
      'No highlights this week yet. React to or comment on a post you liked: the posts members respond to most show here.',
    fetch: communityApi.highlights,
  },
  explore: {
    title: 'Explore',
    intro:
      'The newest posts of members you do not follow yet: up to 50. Follow someone to see them first in your feed.',
    loading: 'Loading posts to explore',
    failed: 'The posts to explore could not be loaded',
    empty:
      'Nobody new to discover right now: you follow everyone who has posted, or no one else has posted yet.',
    fetch: communityApi.explore,
  },
};

/**
 * The community's highlights and exploration lists (docs/product.md § Sharing and
 * community), from the server's rows (server/community/lists.ts). Kept as a one-page list so
 * the post actions update it the way they update the timeline.
 */
export function CommunityList({ userId, kind }: { userId: string; kind: CommunityListKind }) {
  const list = LISTS[kind];
  const key = kind === 'highlights' ? socialKeys.highlights(userId) : socialKeys.explore(userId);
  const q = useInfiniteQuery({
    queryKey: key,
    queryFn: async (): Promise<Page<Post>> => ({ items: await list.fetch(), nextCursor: null }),
    initialPageParam: null as string | null,
    getNextPageParam: () => undefined,
  });
  const actions = usePostActions(userId, key);

  if (q.isPending) return <LoadingDots label={list.loading} />;
  if (!q.data) {
    return (
      <ErrorCard
        title={list.failed}
        message={reasonOf(q.error)}
        recovery="retry"
        onRetry={() => void q.refetch()}
      />
    );
  }
  const posts = q.data.pages.flatMap((p) => p.items);
  return (
    <section aria-labelledby={`${kind}-title`} className="feed" data-testid={`community-${kind}`}>
      <h2 id={`${kind}-title`} className="visually-hidden">
        {list.title}
      </h2>
      <p className="muted">{list.intro}</p>
      {posts.length === 0 ? (
        // The page's head has the one 'Share your progress' (issue 44: two on an empty list).
        <EmptyState title={list.empty} />
      ) : (
        <ol className="feed__list">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} actions={actions} />
            </li>
          ))}
        </ol>
      )}
      <Button variant="ghost" size="sm" disabled={q.isFetching} onClick={() => void q.refetch()}>
        {q.isFetching ? 'Refreshing…' : 'Refresh'}
      </Button>
    </section>
  );
}
