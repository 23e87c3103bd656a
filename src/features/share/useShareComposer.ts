import { useEffect, useMemo, useState } from 'react';
import { queryClient } from '../../backend/queryClient';
import { communityApi } from '../../backend/api/communityApi';
import { normalizePostText } from '../../domain/share/postText';
import { availablePlatforms, type PlatformId } from '../../domain/share/platforms';
import { shareBlockers } from '../../domain/share/shareRules';
import { sharedPatternOf, sharedSessionOf } from '../../domain/share/sharedPattern';
import type { ShareSession, ShareStats } from '../../domain/share/shareStats';
import type { PatternTimings } from '../../domain/patterns';
import { publishToLensAfterShare } from '../wallet';
import { browserShareDeps, runShare, type ShareOutcome } from './runShare';
import { cardFileName, statsCardBlob } from './statsCard';

export type CustomTimings = PatternTimings & { id: string; name: string };

export interface ComposerInput {
  signedIn: boolean;
  stats: ShareStats;
  /** Newest first. */
  sessions: readonly ShareSession[];
  customPatterns: readonly CustomTimings[];
  initialText: string;
  timeZone: string;
  defaultPlatforms: readonly PlatformId[];
  /** The session the post starts with (the community preferences' default pattern); else the newest. */
  initialSessionId?: string;
}

export const hasWebShare = () =>
  typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * The state of one post being written and shared: its text, the platforms, the session it
 * carries, whether a share runs and what the last one did. A new post id is made after a
 * community post went through; after a failure the same id is resent (never posted twice).
 */
export function useShareComposer(input: ComposerInput) {
  const { signedIn, stats, sessions, customPatterns, timeZone } = input;
  const [text, setText] = useState(input.initialText);
  const [platforms, setPlatforms] = useState<PlatformId[]>([...input.defaultPlatforms]);
  const [sessionId, setSessionId] = useState(input.initialSessionId ?? sessions[0]?.id);
  const [sharing, setSharing] = useState(false);
  const [outcomes, setOutcomes] = useState<ShareOutcome[] | null>(null);
  const [postId, setPostId] = useState(() => crypto.randomUUID());
  const [card, setCard] = useState<File | undefined>();
  const [alsoLens, setAlsoLens] = useState(false); // 'Also publish to Lens' (wallet feature)
  const [withScore, setWithScore] = useState(false); // the session's score, only when added
  const offered = useMemo(() => availablePlatforms(hasWebShare()).map((p) => p.id), []);

  const wantsSheet = platforms.includes('device');
  useEffect(() => {
    if (!wantsSheet) return undefined;
    let live = true;
    const now = new Date();
    statsCardBlob(stats, now, timeZone)
      .then(
        (blob) =>
          live && setCard(new File([blob], cardFileName(now, timeZone), { type: 'image/png' })),
      )
      .catch(() => live && setCard(undefined));
    return () => {
      live = false;
    };
  }, [wantsSheet, stats, timeZone]);

  const session = sessions.find((s) => s.id === sessionId) ?? sessions[0];
  const blockers = shareBlockers({ signedIn, sharing, text, platforms });

  const togglePlatform = (id: PlatformId, on: boolean) =>
    setPlatforms((list) =>
      on ? [...list.filter((p) => p !== id), id] : list.filter((p) => p !== id),
    );

  async function share(): Promise<void> {
    if (blockers.length > 0 || !session) return;
    setSharing(true);
    setOutcomes(null);
    try {
      const custom = customPatterns.find((p) => p.id === session.patternId);
      const result = await runShare(
        {
          text: normalizePostText(text),
          platforms: platforms.filter((p) => offered.includes(p)),
          link: `${window.location.origin}/`,
          card,
          post: {
            id: postId,
            pattern: sharedPatternOf(session, custom),
            session: sharedSessionOf(session, { withScore }),
          },
        },
        browserShareDeps(communityApi.share),
      );
      setOutcomes(result);
      // Lens: only after the community post, never instead of it (docs/product.md § Wallets and tokens).
      if (alsoLens && platforms.includes('community')) {
        const saved = result.find((o) => o.status === 'posted');
        void publishToLensAfterShare({
          saved: saved ? { id: saved.postId, content: normalizePostText(text) } : null,
          online: navigator.onLine,
        });
      }
      if (result.some((o) => o.status === 'posted')) {
        setPostId(crypto.randomUUID());
        void queryClient.invalidateQueries({ queryKey: ['social'] });
      }
    } finally {
      setSharing(false);
    }
  }

  return {
    text,
    setText,
    platforms,
    togglePlatform,
    offered,
    session,
    setSessionId,
    sharing,
    blockers,
    outcomes,
    share,
    alsoLens,
    setAlsoLens,
    withScore,
    setWithScore,
  };
}

export type ShareComposer = ReturnType<typeof useShareComposer>;
