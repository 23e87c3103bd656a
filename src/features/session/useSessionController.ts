import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { SessionConfig } from '../../domain/patternChoice';
import { sessionLengthMs } from '../../domain/breathClock';
import type { breathLoopMachine } from '../../machines/breathLoop';
import { sessionPhase, sessionStoreMachine } from '../../machines/sessionStore';
import { sessionViewStepsMachine } from '../../machines/sessionViewSteps';
import { AudioCueScheduler, type CueSource } from './cues';
import { atNextFrame } from './frameTime';

export type LoopRef = ActorRefFrom<typeof breathLoopMachine>;

/**
 * Wires the session machines for one screen: the session store (which runs the breath
 * loop), the view steps (which run the pre-session), and the audio cue scheduler.
 * Time enters here, as performance.now() on each event.
 */
export function useSessionController(config: SessionConfig) {
  const cues = useMemo(() => new AudioCueScheduler(), []);
  const store = useActorRef(sessionStoreMachine);
  const view = useActorRef(
    sessionViewStepsMachine.provide({
      actions: {
        startSession: () =>
          store.send({ type: 'START', now: performance.now(), epochMs: Date.now() }),
      },
    }),
    { input: { cameraEnabled: config.enableCamera } },
  );

  // Configure (and re-configure when the screen is reused for another session).
  useEffect(() => {
    if (sessionPhase(store.getSnapshot().value) === 'setup')
      store.send({ type: 'CONFIGURE', config });
  }, [store, config]);

  // The store drives the view: active when the session starts, complete when it ends.
  useEffect(() => {
    const sub = store.subscribe((snap) => {
      const phase = sessionPhase(snap.value);
      const step = view.getSnapshot().value;
      if (
        (phase === 'active' || phase === 'paused') &&
        (step === 'setup' || step === 'camera_setup')
      ) {
        view.send({ type: 'SESSION_ACTIVE' });
      } else if (phase === 'complete' && step === 'active') {
        view.send({ type: 'SESSION_COMPLETE' });
      }
    });
    return () => sub.unsubscribe();
  }, [store, view]);

  const loopRef = useSelector(store, (s) => s.children.loop as LoopRef | undefined);
  const phase = useSelector(store, (s) => sessionPhase(s.value));
  const audioEnabled = useSelector(store, (s) => s.context.audioEnabled);

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
      };
    };
    cues.start(source);
    const sub = loopRef.subscribe((snap) => {
      if (snap.value !== 'running') cues.cancelAll();
    });
    return () => {
      sub.unsubscribe();
      cues.stop();
    };
  }, [loopRef, cues]);

  useEffect(() => cues.setEnabled(audioEnabled), [cues, audioEnabled]);
  useEffect(() => () => cues.dispose(), [cues]);

  const now = () => performance.now();
  const pause = useCallback(() => {
    atNextFrame((t) => {
      if (loopRef?.getSnapshot().value === 'running') store.send({ type: 'PAUSE', now: t });
    });
  }, [store, loopRef]);
  const resume = useCallback(
    () => atNextFrame((t) => store.send({ type: 'RESUME', now: t })),
    [store],
  );
  const togglePause = useCallback(() => {
    if (sessionPhase(store.getSnapshot().value) === 'paused') resume();
    else pause();
  }, [store, pause, resume]);
  const stop = useCallback(() => store.send({ type: 'STOP', now: now() }), [store]);
  const toggleAudio = useCallback(() => {
    cues.unlock();
    store.send({ type: 'TOGGLE_AUDIO' });
  }, [store, cues]);
  const unlockAudio = useCallback(() => cues.unlock(), [cues]);
  const breatheAgain = useCallback(
    () => store.send({ type: 'BREATHE_AGAIN', now: now() }),
    [store],
  );
  const anotherRound = useCallback(
    () => store.send({ type: 'ANOTHER_ROUND', now: now() }),
    [store],
  );
  const finish = useCallback(() => store.send({ type: 'FINISH', now: now() }), [store]);
  /** 'Practice Again' and the error boundary: back to setup with a fresh session. */
  const restart = useCallback(() => {
    cues.stop();
    store.send({ type: 'RESET' });
    store.send({ type: 'CONFIGURE', config });
    view.send({ type: 'RESET' });
  }, [store, view, config, cues]);

  return {
    store,
    view,
    loopRef,
    phase,
    audioEnabled,
    actions: {
      pause,
      resume,
      togglePause,
      stop,
      toggleAudio,
      unlockAudio,
      breatheAgain,
      anotherRound,
      finish,
      restart,
    },
  };
}

export type SessionController = ReturnType<typeof useSessionController>;
