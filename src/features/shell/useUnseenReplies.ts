import { useEffect, useState } from 'react';
import { seenMark } from '../../domain/community/unseenReplies';

/**
 * The count of unseen replies to the signed-in user's posts (docs/product.md § Sharing and
 * community): the 'last seen' mark is kept on this device per account; the server counts
 * the comments after it. Opening the community (any /community path) moves the mark to now
 * and clears the count. Asked again on each navigation and when the window regains focus; a
 * failed request keeps the last count (offline shows what was known, never an invented one).
 * The community API's client loads on the first question (it is not first-load code).
 */
const key = (userId: string) => `pneuma.repliesSeenAt.${userId}`;

function readMark(userId: string): string {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(key(userId));
  } catch {
    /* storage blocked: count from now */
  }
  const mark = seenMark(stored, new Date());
  if (stored !== mark) writeMark(userId, mark);
  return mark;
}

function writeMark(userId: string, mark: string): void {
  try {
    localStorage.setItem(key(userId), mark);
  } catch {
    /* storage blocked: the mark lives for this page only */
  }
}

export function useUnseenReplies(userId: string | null, path: string): number {
  const [count, setCount] = useState(0);
  const onCommunity = path === '/community' || path.startsWith('/community/');

  useEffect(() => {
    if (!userId) {
      setCount(0);
      return;
    }
    if (onCommunity) {
      writeMark(userId, new Date().toISOString());
      setCount(0);
      return;
    }
    let live = true;
    const ask = () => {
      const since = readMark(userId);
      import('../../backend/communityApi')
        .then((m) => m.communityApi.unseenReplies(since))
        .then(
          (n) => {
            if (live) setCount(n);
          },
          () => {
            /* offline or refused: keep the last count */
          },
        );
    };
    ask();
    window.addEventListener('focus', ask);
    return () => {
      live = false;
      window.removeEventListener('focus', ask);
    };
  }, [userId, path, onCommunity]);

  return count;
}
