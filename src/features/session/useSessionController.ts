import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { sessionLengthMs } from '../../domain/breathClock';
import type { SessionConfig } from '../../domain/patternChoice';
import type { breathLoopMachine } from '../../machines/breathLoop';
import { sessionMachine, sessionPhase, viewStep } from '../../machines/session';
import { AudioCueScheduler, type CueSource } from './cues';
import { atNextFrame } from './frameTime';
import { resultsStateOf } from './resultsHandOff';
import { isNoTracking } from '../../app/noTracking';
import { readPractitioner, saveSession } from './sessionActors';
import { cameraActor } from '../../vision/cameraActor';

export type LoopRef = ActorRefFrom<typeof breathLoopMachine>;
export type SessionRef = ActorRefFrom<typeof sessionMachine>;

interface ToneSettings {
  /** The person chose tones as a cue (the session's sound switch mutes them too). */
  tones: boolean;
  /** 0..1. */
  volume: number;
}

/**
 * Runs one session machine for the screen and gives it its side effects: who is
 * practising, saving, and the way to /results. Components read its snapshots and send
 * it events. Also plays the audio cues from the breath loop's clock. Pause and resume
 * are stamped with the next display frame's time; every other time is the machine's own.
 */
export function useSessionController(config: SessionConfig, toneSettings: ToneSettings) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  });
  const [machine] = useState(() =>
    sessionMachine.provide({
      actors: { practitioner: readPractitioner, saveSession, camera: cameraActor },
      actions: {
        goToResults: ({ context: { record } }) => {
          if (!record) return;
          void navigateRef.current({
            to: '/results',
            search: { id: record.id },
            state: (prev) => ({ ...prev, sessionResult: { ...resultsStateOf(record), ...(isNoTracking() ? { untracked: true } : {}) } }),
          });
        },
      },
    }),
  );
  const session = useActorRef(machine, { input: { config } });
  const cues = useMemo(() => new AudioCueScheduler(), []);

  const loopRef = useSelector(session, (s) => s.children.loop as LoopRef | undefined);
  const phase = useSelector(session, sessionPhase);
  const step = useSelector(session, viewStep);
  const audioEnabled = useSelector(session, (s) => s.context.audioEnabled);

  // Audio cues: planned from the clock while the loop runs.
  useEffect(() => {
    if (!loopRef) {
      cues.stop();
      return;
    }
    const source = (): CueSource | null => {
      const snap = loopRef.getSnapshot();
      if (snap.status !== 'active' || snap.value !== 'running') return null;
      const c = snap.context;
      return {
        schedule: c.schedule,
        clock: c.clock,
        originMs: c.roundOriginMs,
        endOffsetMs: sessionLengthMs(c.schedule, c.targetCycles),
        round: c.rounds,
        closesSession: !c.retention,
      };
    };
    cues.start(source);
    let wasRunning = false;
    const sub = loopRef.subscribe((snap) => {
      const running = snap.value === 'running';
      if (!running) cues.cancelAll();
      else if (!wasRunning) cues.pump(); // resumed: plan at once, not at the next pump
      wasRunning = running;
    });
    return () => {
      sub.unsubscribe();
      cues.stop();
    };
  }, [loopRef, cues]);

  const { tones, volume } = toneSettings;
  useEffect(() => cues.setEnabled(audioEnabled && tones), [cues, audioEnabled, tones]);
  useEffect(() => cues.setVolume(volume), [cues, volume]);
  // Headphones and the lock screen reach the session while it runs (see holdMediaFocus).
  const running = step === 'active';
  useEffect(() => {
    cues.holdMediaFocus(running);
    return () => cues.holdMediaFocus(false);
  }, [cues, running]);
  useEffect(() => () => cues.dispose(), [cues]);

  const pause = useCallback(
    () => atNextFrame((now) => session.send({ type: 'PAUSE', now })),
    [session],
  );
  const resume = useCallback(
    () => atNextFrame((now) => session.send({ type: 'RESUME', now })),
    [session],
  );
  const togglePause = useCallback(() => {
    if (sessionPhase(session.getSnapshot()) === 'paused') resume();
    else pause();
  }, [session, pause, resume]);
  const stop = useCallback(() => session.send({ type: 'STOP' }), [session]);
  const toggleAudio = useCallback(() => {
    cues.unlock();
    session.send({ type: 'TOGGLE_AUDIO' });
  }, [session, cues]);
  const unlockAudio = useCallback(() => cues.unlock(), [cues]);
  const startSession = useCallback(() => {
    cues.unlock();
    session.send({ type: 'START_SESSION' });
  }, [session, cues]);
  const breatheAgain = useCallback(() => session.send({ type: 'BREATHE_AGAIN' }), [session]);
  const anotherRound = useCallback(() => session.send({ type: 'ANOTHER_ROUND' }), [session]);
  const finish = useCallback(() => session.send({ type: 'FINISH' }), [session]);
  /** The desktop shortcut R: the running session starts again from its first breath. */
  const restartRun = useCallback(() => {
    cues.stop();
    session.send({ type: 'RESTART' });
  }, [session, cues]);
  /** The session-error card's 'Restart Session': back to setup with a fresh session. */
  const restart = useCallback(() => {
    cues.stop();
    session.send({ type: 'RESET' });
  }, [session, cues]);

  return {
    session,
    loopRef,
    phase,
    step,
    audioEnabled,
    actions: {
      pause,
      resume,
      togglePause,
      stop,
      toggleAudio,
      unlockAudio,
      startSession,
      breatheAgain,
      anotherRound,
      finish,
      restart,
      restartRun,
    },
  };
}

export type SessionController = ReturnType<typeof useSessionController>;
