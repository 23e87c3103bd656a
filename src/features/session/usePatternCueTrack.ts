/**
 * A pattern session's cues from the cue track (docs/product.md § Breath timing), as a
 * program's: each round of the breath loop is rendered ahead (domain/practiceTimeline: the
 * pattern as one breathe segment of its target cycles, then the retention hold when the
 * pattern has one) into the <audio> element's track, which starts with the round, pauses
 * and resumes with it, and keeps exact time with the screen off. The guide follows the
 * audio's clock through the loop's ALIGN (followAudio, the loop programs use too).
 */
import { useEffect, useRef } from 'react';
import { activeElapsedMs } from '../../domain/breathClock';
import type { PatternTimings } from '../../domain/patterns';
import { patternTimeline } from '../../domain/practiceTimeline';
import type { CueMix } from '../../domain/programs/cueTrack';
import { startRun } from '../../domain/programs/timelineRun';
import { followAudio, type CueTrackPlayer } from './cueTrackPlayer';
import type { LoopRef } from '../../machines/breathLoop';

type LoopSnapshot = ReturnType<LoopRef['getSnapshot']>;

interface PatternCueTrackInput {
  /** The player of the screen's <audio> element (null before it is mounted). */
  player: () => CueTrackPlayer | null;
  loopRef: LoopRef | undefined;
  pattern: PatternTimings;
  mix: CueMix;
  volume: number;
  /** The session's sound switch: off mutes the track (its clock runs on). */
  sound: boolean;
}

/** Where the loop is, for the track: breathing, paused, in a hold (or choosing after it), done. */
function loopState(s: LoopSnapshot): 'running' | 'paused' | 'holding' | 'choosing' | 'done' {
  if (s.status !== 'active' || s.matches('done')) return 'done';
  if (s.matches('running')) return 'running';
  if (s.matches('paused')) return 'paused';
  return s.matches({ retention: 'choosing' }) ? 'choosing' : 'holding';
}

export function usePatternCueTrack({
  player,
  loopRef,
  pattern,
  mix,
  volume,
  sound,
}: PatternCueTrackInput): void {
  const settings = useRef({ mix, volume });
  useEffect(() => {
    settings.current = { mix, volume };
  });

  useEffect(() => {
    const p = player();
    if (!loopRef || !p) return;
    const activeNow = () => activeElapsedMs(loopRef.getSnapshot().context.clock, performance.now());
    let round = 0;
    let was: ReturnType<typeof loopState> | null = null;
    const onSnapshot = (s: LoopSnapshot) => {
      const state = loopState(s);
      const c = s.context;
      if (state === 'running' && c.rounds !== round) {
        // A new round: its track from its first inhale (the session's active time there).
        round = c.rounds;
        const { mix: m, volume: v } = settings.current;
        p.load(
          patternTimeline(pattern, c.targetCycles, c.retention),
          startRun(0),
          0,
          v,
          m,
          c.roundOriginMs,
        );
        void p.play(activeNow());
      } else if (state === 'running' && was === 'paused') void p.play(activeNow());
      else if (state === 'paused' || state === 'choosing') p.pause();
      // Ended early: silence. Completed: the closing notes ring on from the track.
      else if (state === 'done' && was !== 'done' && !c.completed) p.pause();
      was = state;
    };
    onSnapshot(loopRef.getSnapshot());
    const sub = loopRef.subscribe(onSnapshot);
    const stopFollowing = followAudio(p, {
      activeMs: (now) => {
        const s = loopRef.getSnapshot();
        return loopState(s) === 'running' ? activeElapsedMs(s.context.clock, now) : null;
      },
      align: (now, elapsedMs) => loopRef.send({ type: 'ALIGN', now, elapsedMs }),
    });
    return () => {
      sub.unsubscribe();
      stopFollowing();
      p.pause();
    };
  }, [player, loopRef, pattern]);

  // A cue choice changed mid-session (Sound and display): the round's track is rendered
  // again with it, from where the breath is.
  useEffect(() => {
    const p = player();
    const s = loopRef?.getSnapshot();
    if (!p || !s || !p.currentPlan) return;
    if (p.currentMix === mix && p.currentVolume === volume) return;
    const state = loopState(s);
    if (state !== 'running' && state !== 'paused') return;
    const c = s.context;
    p.load(
      patternTimeline(pattern, c.targetCycles, c.retention),
      startRun(0),
      0,
      volume,
      mix,
      c.roundOriginMs,
    );
    if (state === 'running') void p.play(activeElapsedMs(c.clock, performance.now()));
  }, [player, loopRef, pattern, mix, volume]);

  useEffect(() => {
    const p = player();
    if (p) p.muted = !sound;
  }, [player, sound, loopRef]);
}
