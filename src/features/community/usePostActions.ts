import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { communityApi, type Post, type ReportReason } from '../../backend/api/communityApi';
import { HttpError } from '../../domain/errors/appErrors';
import { failureClass } from '../../domain/errors/statusLadder';
import { notify } from '../../ui/toast';
import { patchAuthor, patchPost, removePost, socialKeys } from './timelineCache';

/** The server's words for a refused request, else a plain explanation. */
export function reasonOf(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  return 'The server could not be reached. Check your connection and try again.';
}

/**
 * What a member does to a post: react, follow its author, delete it (own), report it
 * (someone else's). Each shows at once and is undone, with the server's reason, if the
 * server refuses. `key` is the cached list the post is shown in (the timeline by default;
 * the highlights and exploration lists keep the same paged shape).
 */
export function usePostActions(userId: string, key: QueryKey = socialKeys.timeline(userId)) {
  const qc = useQueryClient();

  async function optimistic(apply: () => void, call: () => Promise<void>, failure: string): Promise<boolean> {
    await qc.cancelQueries({ queryKey: key });
    const before = qc.getQueryData(key);
    apply();
    try {
      await call();
      return true;
    } catch (error) {
      qc.setQueryData(key, before);
      void notify.error(failure, { description: reasonOf(error) });
      return false;
    }
  }

  return {
    toggleReaction: (post: Post) => {
      const on = !post.viewer.reacted;
      return optimistic(
        () =>
          patchPost(qc, key, post.id, (p) => ({
            ...p,
            viewer: { ...p.viewer, reacted: on },
            stats: { ...p.stats, reactions: p.stats.reactions + (on ? 1 : -1) },
          })),
        async () => {
          const r = await (on ? communityApi.react(post.id) : communityApi.unreact(post.id));
          patchPost(qc, key, post.id, (p) => ({ ...p, viewer: { ...p.viewer, reacted: r.reacted }, stats: { ...p.stats, reactions: r.reactions } }));
        },
        on ? 'Your reaction was not saved' : 'Your reaction was not removed',
      );
    },
    toggleFollow: (post: Post) => {
      const on = !post.viewer.followsAuthor;
      return optimistic(
        () => patchAuthor(qc, key, post.author.id, (p) => ({ ...p, viewer: { ...p.viewer, followsAuthor: on } })),
        async () => {
          await (on ? communityApi.follow(post.author.id) : communityApi.unfollow(post.author.id));
          // Followed members' posts move to the top on the next load of the timeline.
          void qc.invalidateQueries({ queryKey: socialKeys.community(userId) });
        },
        on ? `Could not follow ${post.author.name}` : `Could not unfollow ${post.author.name}`,
      );
    },
    remove: (post: Post) =>
      optimistic(
        () => removePost(qc, key, post.id),
        async () => {
          try {
            await communityApi.deletePost(post.id);
          } catch (error) {
            if (!(error instanceof HttpError && failureClass(error.status) === 'not_found')) throw error; // already gone
          }
          void qc.invalidateQueries({ queryKey: socialKeys.all });
        },
        'The post was not deleted',
      ),
    report: (post: Post, reason: ReportReason, details?: string) =>
      optimistic(
        () => removePost(qc, key, post.id),
        async () => {
          await communityApi.report(post.id, reason, details);
        },
        'The report was not sent',
      ),
  };
}
