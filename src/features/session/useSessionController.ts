import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Locale } from '../../domain/i18n/locales';
import type { SessionConfig } from '../../domain/patternChoice';
import type { CueMix } from '../../domain/programs/cueTrack';
import type { LoopRef } from '../../machines/breathLoop';
import { sessionMachine, sessionPhase, viewStep } from '../../machines/session';
import { CueTrackPlayer } from './cueTrackPlayer';
import { atNextFrame } from './frameTime';
import { resultsStateOf } from './resultsHandOff';
import { isNoTracking } from '../../app/noTracking';
import { readPractitioner, saveSession } from './sessionActors';
import { usePatternCueTrack } from './usePatternCueTrack';
import { useVoiceClips } from './useVoiceClips';
import { cameraActor } from '../../vision/cameraActor';

export type { LoopRef };
export type SessionRef = ActorRefFrom<typeof sessionMachine>;

interface CueSettings {
  /** The person chose tones as a cue (the session's sound switch mutes them too). */
  tones: boolean;
  /** The spoken phase names (recordings mixed into the cue track). */
  voice: boolean;
  /** The language they speak (./useVoiceLanguage; null until known). */
  voiceLanguage: Locale | null;
  /** 0..1. */
  volume: number;
  /** The sound bed mixed under the cues (./useSoundBed), or null. */
  bed: CueMix['bed'];
  /** Wind-down mode: the track's volume follows domain/windDown's curve over the last minutes. */
  windDown?: boolean;
}

/**
 * Runs one session machine for the screen and gives it its side effects: who is
 * practising, saving, and the way to /results. Components read its snapshots and send
 * it events. Also plays the cue track (tones, spoken phase names) on the <audio> element
 * at `audioRef`, the guide following its clock (usePatternCueTrack). Pause and resume are
 * stamped with the next display frame's time; every other time is the machine's own.
 */
export function useSessionController(config: SessionConfig, cueSettings: CueSettings) {
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
            state: (prev) => ({
              ...prev,
              sessionResult: {
                ...resultsStateOf(record),
                ...(isNoTracking() ? { untracked: true } : {}),
              },
            }),
          });
        },
      },
    }),
  );
  const session = useActorRef(machine, { input: { config } });

  const loopRef = useSelector(session, (s) => s.children.loop as LoopRef | undefined);
  const phase = useSelector(session, sessionPhase);
  const step = useSelector(session, viewStep);
  const audioEnabled = useSelector(session, (s) => s.context.audioEnabled);

  // The cue track: the <audio> element the screen renders, one player for it.
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const playerRef = useRef<CueTrackPlayer | null>(null);
  const player = useCallback(() => {
    if (!playerRef.current && audioRef.current)
      playerRef.current = new CueTrackPlayer(audioRef.current);
    return playerRef.current;
  }, []);
  useEffect(() => () => playerRef.current?.dispose(), []);
  const voice = useVoiceClips(cueSettings.voice, cueSettings.voiceLanguage);
  const mix = useMemo<CueMix>(
    () => ({
      tones: cueSettings.tones,
      voice: voice.clips,
      bed: cueSettings.bed,
      windDown: cueSettings.windDown === true,
    }),
    [cueSettings.tones, voice.clips, cueSettings.bed, cueSettings.windDown],
  );
  usePatternCueTrack({
    player,
    loopRef,
    pattern: config.pattern,
    mix,
    volume: cueSettings.volume,
    sound: audioEnabled,
  });

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
  const unlockAudio = useCallback(() => player()?.unlock(), [player]);
  const toggleAudio = useCallback(() => {
    unlockAudio();
    session.send({ type: 'TOGGLE_AUDIO' });
  }, [session, unlockAudio]);
  const breatheAgain = useCallback(() => session.send({ type: 'BREATHE_AGAIN' }), [session]);
  const anotherRound = useCallback(() => session.send({ type: 'ANOTHER_ROUND' }), [session]);
  const finish = useCallback(() => session.send({ type: 'FINISH' }), [session]);
  /** The desktop shortcut R: the running session starts again from its first breath. */
  const restartRun = useCallback(() => session.send({ type: 'RESTART' }), [session]);
  /** The session-error card's 'Restart Session': back to setup with a fresh session. */
  const restart = useCallback(() => session.send({ type: 'RESET' }), [session]);

  return {
    session,
    loopRef,
    phase,
    step,
    audioEnabled,
    audioRef,
    /** Said when the chosen voice language could not load and English speaks instead. */
    voiceNote: voice.note,
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
      restartRun,
    },
  };
}

export type SessionController = ReturnType<typeof useSessionController>;
