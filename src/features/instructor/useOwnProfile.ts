import { useCallback, useEffect, useState } from 'react';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { cacheInstructorProfile, getCachedInstructorProfile } from '../../data/coursesRepo';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { fetchOwnProfile } from './api';

type OwnProfileState =
  | { kind: 'loading' }
  | { kind: 'ready'; profile: InstructorProfile | null }
  | { kind: 'error'; message: string };

/**
 * The signed-in user's instructor profile: the copy on this device first, then the
 * server's when online (which also refreshes the copy).
 */
export function useOwnProfile(userId: string | null) {
  const online = useNetworkStatus().status !== 'offline';
  const [state, setState] = useState<OwnProfileState>({ kind: 'loading' });

  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      const cached = (await getCachedInstructorProfile(userId)) as InstructorProfile | undefined;
      if (cached && live) setState({ kind: 'ready', profile: cached });
      if (!online) {
        if (!cached && live) setState({ kind: 'ready', profile: null });
        return;
      }
      try {
        const own = await fetchOwnProfile();
        if (own.profile) await cacheInstructorProfile(userId, own.profile);
        if (live) setState({ kind: 'ready', profile: own.profile });
      } catch (e) {
        if (live && !cached) setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
      }
    })();
    return () => {
      live = false;
    };
  }, [userId, online]);

  const update = useCallback(
    (profile: InstructorProfile) => {
      if (userId) void cacheInstructorProfile(userId, profile);
      setState({ kind: 'ready', profile });
    },
    [userId],
  );
  return { state, online, update };
}
