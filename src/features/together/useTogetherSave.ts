import { useCallback, useEffect, useRef, useState } from 'react';
import { getAuthState } from '../../app/auth/authStore';
import { saveFinishedSession } from '../../app/practiceSave';
import { STORAGE_TIMEOUT_MESSAGE, StorageTimeoutError } from '../../data/storageWait';
import type { TogetherLinkContent } from '../../domain/links/patternLink';
import type { SessionRecord } from '../../domain/sessionRecord';
import { buildTogetherSessionRecord } from '../../domain/together/togetherRecord';
import type { TogetherView } from './useTogetherRun';

export type TogetherSaveState =
  { status: 'idle' | 'saving' | 'stored' | 'not_tracked' } | { status: 'failed'; message: string };

/**
 * A shared session is saved like any other (app/practiceSave): when this participant breathed
 * part of it and its end comes while the page is open, the part they breathed is stored (a
 * guest's on the device, a member's synced), unless practice without tracking is on.
 */
export function useTogetherSave(
  content: TogetherLinkContent,
  moment: TogetherView | null,
): { state: TogetherSaveState; retry: () => void } {
  const joined = useRef<{ atMs: number; epochMs: number } | null>(null);
  const record = useRef<SessionRecord | null>(null);
  const [state, setState] = useState<TogetherSaveState>({ status: 'idle' });

  const save = useCallback(async () => {
    const r = record.current;
    if (!r) return;
    setState({ status: 'saving' });
    try {
      setState({ status: await saveFinishedSession(r) });
    } catch (e) {
      setState({
        status: 'failed',
        message:
          e instanceof StorageTimeoutError
            ? STORAGE_TIMEOUT_MESSAGE
            : 'Your session could not be saved on this device. Try again.',
      });
    }
  }, []);

  useEffect(() => {
    if (moment?.stage === 'breathing' && !joined.current)
      joined.current = { atMs: moment.elapsedMs, epochMs: Date.now() };
    if (moment?.stage !== 'ended' || !joined.current || record.current) return;
    const auth = getAuthState();
    record.current = buildTogetherSessionRecord({
      id: crypto.randomUUID(),
      pattern: content.pattern,
      cycles: content.cycles,
      joinedAtMs: joined.current.atMs,
      startEpochMs: joined.current.epochMs,
      endEpochMs: Date.now(),
      userId: auth.status === 'signedIn' && auth.user ? auth.user.id : null,
    });
    void save();
  }, [moment, content, save]);

  return { state, retry: () => void save() };
}
