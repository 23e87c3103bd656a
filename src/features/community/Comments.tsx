import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { communityApi } from '../../backend/api/communityApi';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { LoadingDots } from '../../ui/LoadingDots';
import { timeAgo } from './timeAgo';
import { reasonOf } from './usePostActions';
import { socialKeys } from './timelineCache';

const COMMENT_LIMIT = 500;

/** A post's comments, oldest first, 20 at a time, with a box to add one and Delete on your own. */
export function Comments({ postId, onCountChange }: { postId: string; onCountChange: (delta: number) => void }) {
  const qc = useQueryClient();
  const key = socialKeys.comments(postId);
  const q = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => communityApi.comments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const add = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await communityApi.addComment({ id: crypto.randomUUID(), postId, content: text });
      setText('');
      onCountChange(1);
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await communityApi.deleteComment(id);
      onCountChange(-1);
      await qc.invalidateQueries({ queryKey: key });
    } catch (e) {
      setError(reasonOf(e));
    }
  };

  const comments = q.data?.pages.flatMap((p) => p.items) ?? [];
  const length = [...text].length;
  return (
    <div className="comments">
      {q.isPending ? <LoadingDots label="Loading comments" /> : null}
      {q.isError ? <p role="alert">The comments could not be loaded: {reasonOf(q.error)}</p> : null}
      {comments.length > 0 ? (
        <ul className="comments__list">
          {comments.map((c) => (
            <li key={c.id} className="comment">
              <span className="comment__author">{c.author.name}</span>{' '}
              <time className="muted" dateTime={c.createdAt}>
                {timeAgo(c.createdAt)}
              </time>
              <p className="comment__text">{c.content}</p>
              {c.isOwn ? (
                <Button variant="ghost" size="sm" onClick={() => void remove(c.id)}>
                  Delete comment
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : q.isSuccess ? (
        <p className="muted">No comments yet.</p>
      ) : null}
      {q.hasNextPage ? (
        <Button variant="ghost" size="sm" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          More comments
        </Button>
      ) : null}
      <form
        className="comments__form"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <TextAreaField
          label="Add a comment"
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          hint={`${length}/${COMMENT_LIMIT}`}
          error={error ?? (length > COMMENT_LIMIT ? `A comment can be at most ${COMMENT_LIMIT} characters.` : undefined)}
        />
        <Button type="submit" size="sm" disabled={busy || text.trim() === '' || length > COMMENT_LIMIT}>
          {busy ? 'Sending…' : 'Comment'}
        </Button>
      </form>
    </div>
  );
}
