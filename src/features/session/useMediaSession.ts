import { useEffect, useRef } from 'react';
import type { SessionRef } from './useSessionController';

interface MediaSessionInfo {
  /** The pattern's name (the lock screen's title). */
  title: string;
  /** The mode, e.g. 'Classic session'. */
  album: string;
  paused: boolean;
  /** The session (its practised seconds move the lock screen's bar) and its length in seconds. */
  session: SessionRef;
  durationS: number;
  onPlay: () => void;
  onPause: () => void;
  onStop: () => void;
}

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator;

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // an action this browser does not know
  }
}

/**
 * Media Session while a session runs: the lock screen and the notification name the
 * pattern, and headphones' play/pause (and stop) pause, resume and end the session.
 * Cleared when the session screen goes.
 */
export function useMediaSession(info: MediaSessionInfo): void {
  const { title, album, paused, session, durationS } = info;
  const handlers = useRef(info);
  useEffect(() => {
    handlers.current = info;
  });

  useEffect(() => {
    if (!hasMediaSession()) return;
    const ms = navigator.mediaSession;
    if (typeof MediaMetadata === 'function')
      ms.metadata = new MediaMetadata({
        title,
        artist: 'Pneuma',
        album,
        artwork: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      });
    setHandler('play', () => handlers.current.onPlay());
    setHandler('pause', () => handlers.current.onPause());
    setHandler('stop', () => handlers.current.onStop());
    return () => {
      ms.metadata = null;
      ms.playbackState = 'none';
      for (const action of ['play', 'pause', 'stop'] as const) setHandler(action, null);
    };
  }, [title, album]);

  useEffect(() => {
    if (hasMediaSession()) navigator.mediaSession.playbackState = paused ? 'paused' : 'playing';
  }, [paused]);

  // Followed by subscription, not by rendering: the screen does not re-render each second.
  useEffect(() => {
    if (!hasMediaSession() || typeof navigator.mediaSession.setPositionState !== 'function') return;
    if (!(durationS > 0)) return;
    let last = -1;
    const show = (positionS: number) => {
      if (positionS === last) return;
      last = positionS;
      try {
        navigator.mediaSession.setPositionState({
          duration: durationS,
          position: Math.min(durationS, Math.max(0, positionS)),
          playbackRate: 1,
        });
      } catch {
        // an out-of-range position: the bar simply is not shown
      }
    };
    show(session.getSnapshot().context.metrics.duration);
    const sub = session.subscribe((snap) => show(snap.context.metrics.duration));
    return () => sub.unsubscribe();
  }, [session, durationS]);
}
