import { useEffect, useState } from 'react';
import { seenMark, type RepliesBadge } from '../../domain/community/unseenReplies';

/**
 * The Community tab's badge for the signed-in user (docs/product.md § Sharing and
 * community): others' comments on and reactions to their posts and new followers since the
 * 'last seen' mark kept on this device per account, each kind only while the member's
 * community notification setting for it is on. The server counts the rows after the mark.
 * Opening the community (any /community path) moves the mark to now and clears the badge.
 * Asked again on each navigation and when the window regains focus; a failed request keeps
 * the last count (offline shows what was known, never an invented one). The community API's
 * client and the local database load on the first question (they are not first-load code).
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

export function useUnseenReplies(userId: string | null, path: string): RepliesBadge | undefined {
  const [badge, setBadge] = useState<RepliesBadge | undefined>(undefined);
  const onCommunity = path === '/community' || path.startsWith('/community/');

  useEffect(() => {
    if (!userId) {
      setBadge(undefined);
      return;
    }
    if (onCommunity) {
      writeMark(userId, new Date().toISOString());
      setBadge(undefined);
      return;
    }
    let live = true;
    const ask = () => {
      const since = readMark(userId);
      import('./unseenRepliesQuery')
        .then((q) => q.askUnseenReplies(since))
        .then(
          (next) => {
            if (live) setBadge(next);
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

  return badge;
}
