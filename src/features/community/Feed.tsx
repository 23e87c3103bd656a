import { useInfiniteQuery } from '@tanstack/react-query';
import { communityApi } from '../../backend/api/communityApi';
import { ERROR_TEXT } from '../../domain/errors/messages';
import { Button } from '../../ui/Button';
import { ErrorCard } from '../errors';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { PostCard } from './PostCard';
import { socialKeys } from './timelineCache';
import { reasonOf, usePostActions } from './usePostActions';

/** The timeline: you and the people you follow first, then everyone; 20 posts a page. */
export function Feed({ userId }: { userId: string }) {
  const q = useInfiniteQuery({
    queryKey: socialKeys.timeline(userId),
    queryFn: ({ pageParam }) => communityApi.timeline(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const actions = usePostActions(userId);

  if (q.isPending) return <LoadingDots label="Loading the community feed" />;
  if (!q.data) {
    return (
      <ErrorCard
        title={ERROR_TEXT.timelineFailed}
        message={reasonOf(q.error)}
        recovery="retry"
        onRetry={() => void q.refetch()}
      />
    );
  }
  const posts = q.data.pages.flatMap((p) => p.items);
  const firstOther = posts.findIndex((p) => !p.fromFollowing);
  return (
    <section aria-labelledby="feed-title" className="feed">
      <h2 id="feed-title" className="visually-hidden">
        Posts
      </h2>
      {posts.length === 0 ? (
        // The page's head has the one 'Share your progress' (issue 44: two on an empty feed).
        <EmptyState title="No posts yet. Be the first to share a session." />
      ) : (
        <ol className="feed__list">
          {posts.map((post, i) => (
            <li key={post.id}>
              {i === firstOther && i > 0 ? (
                <p className="feed__divider muted">Everyone else</p>
              ) : null}
              <PostCard post={post} actions={actions} />
            </li>
          ))}
        </ol>
      )}
      {q.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={q.isFetchingNextPage}
          onClick={() => void q.fetchNextPage()}
        >
          {q.isFetchingNextPage ? 'Loading…' : 'Load more posts'}
        </Button>
      ) : posts.length > 0 ? (
        <p className="muted">You have reached the end of the feed.</p>
      ) : null}
      {q.isFetchNextPageError ? (
        <p role="alert">
          {ERROR_TEXT.timelineFailed}. {reasonOf(q.error)}
        </p>
      ) : null}
    </section>
  );
}
