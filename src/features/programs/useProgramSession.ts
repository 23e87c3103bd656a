/**
 * Runs one program for the screen (docs/product.md § Programs): the one practice machine
 * (machines/practiceRun),
 * the cue track on an <audio> element (the guide follows its clock), Media Session, and
 * saving the finished session before going to its results.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getAuthState } from '../../app/auth/authStore';
import { saveFinishedSession } from '../../app/practiceSave';
import { usePreferences } from '../../data/hooks';
import { STORAGE_TIMEOUT_MESSAGE, StorageTimeoutError } from '../../data/storageWait';
import { activeElapsedMs } from '../../domain/breathClock';
import { cueVolume } from '../../domain/cueDesign';
import { cuesOnDevice } from '../../domain/cueFallback';
import type { CueMix } from '../../domain/programs/cueTrack';
import { buildProgramSessionRecord } from '../../domain/programs/programRecord';
import type { Program } from '../../domain/programs/programTypes';
import { buildTimeline } from '../../domain/programs/timeline';
import { startRun } from '../../domain/programs/timelineRun';
import { practiceRunMachine, type PracticeRunOutput } from '../../machines/practiceRun';
import {
  BACKGROUND_AUDIO_NOTE,
  backgroundNoteShown,
  CueTrackPlayer,
  followAudio,
  markBackgroundNoteShown,
  resultsStateAfterSave,
  useSoundBed,
  useVibrationSupport,
  useVoiceClips,
  useVoiceLanguage,
  vibrateStep,
} from '../session';

type ProgramRunRef = ActorRefFrom<typeof practiceRunMachine>;
type ProgramRunSnapshot = SnapshotFrom<typeof practiceRunMachine>;

type ProgramStatus = 'ready' | 'running' | 'saving' | 'saveFailed' | 'quietEnd';

/** Said on the run screen when the spoken cues are on but their recordings did not load. */
const VOICE_UNAVAILABLE_NOTE =
  'The spoken step names could not be loaded (they load once online), so the tones alone mark each step.';
const VOICE_UNAVAILABLE_SILENT_NOTE =
  'The spoken step names could not be loaded (they load once online) and the tones are off, so the guide on screen marks each step.';

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator;

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // an action this browser does not know
  }
}

/**
 * `windDown` (docs/product.md § Sleep and sound): the cue track follows the wind-down curve
 * over the program's last minutes, and a finished session is saved and then ends quietly
 * (status 'quietEnd', `quietEnd` says what to show) instead of opening its results.
 */
export function useProgramSession(program: Program, windDown = false) {
  const navigate = useNavigate();
  const timeline = useMemo(() => buildTimeline(program), [program]);
  // The person's cue choice (Settings): the step tones, the spoken step names, the volume.
  const prefs = usePreferences();
  const voice = useVoiceClips(prefs.voiceEnabled, useVoiceLanguage().locale);
  const volume = cueVolume(prefs.cueVolume);
  // A chosen vibration this device cannot give plays as tones (domain/cueFallback).
  const canVibrate = useVibrationSupport();
  const onDevice = cuesOnDevice(
    { voice: prefs.voiceEnabled, tones: prefs.cueTones, vibration: prefs.cueVibration },
    { canSpeak: true, canVibrate },
  );
  const bed = useSoundBed(prefs.soundBed, prefs.soundBedLevel);
  const mix = useMemo<CueMix>(
    () => ({ tones: onDevice.tones, voice: voice.clips, bed, windDown }),
    [onDevice.tones, voice.clips, bed, windDown],
  );
  const vibrate = useRef(onDevice.vibration);
  useEffect(() => {
    vibrate.current = onDevice.vibration;
  });
  const [voiceNote, setVoiceNote] = useState<string | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const playerRef = useRef<CueTrackPlayer | null>(null);
  const [actor, setActor] = useState<ProgramRunRef | null>(null);
  const [snapshot, setSnapshot] = useState<ProgramRunSnapshot | null>(null);
  const [status, setStatus] = useState<ProgramStatus>('ready');
  const [soundNote, setSoundNote] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const startEpoch = useRef(0);
  const output = useRef<PracticeRunOutput | null>(null);
  const [quietEnd, setQuietEnd] = useState<{
    completed: boolean;
    saved: boolean;
    showResults: () => void;
  } | null>(null);

  const save = useCallback(async () => {
    const run = output.current;
    if (!run) return;
    setStatus('saving');
    setSaveError(null);
    try {
      const auth = getAuthState();
      const record = buildProgramSessionRecord({
        id: crypto.randomUUID(),
        program,
        run,
        startEpochMs: startEpoch.current,
        endEpochMs: Date.now(),
        userId: auth.status === 'signedIn' && auth.user ? auth.user.id : null,
      });
      const outcome = await saveFinishedSession(record);
      // Not tracked: the results screen shows the session from navigation state alone.
      const showResults = () =>
        void navigate({
          to: '/results',
          search: { id: record.id },
          state: (prev) => ({ ...prev, sessionResult: resultsStateAfterSave(record, outcome) }),
        });
      if (windDown) {
        setQuietEnd({ completed: record.completed, saved: outcome === 'stored', showResults });
        setStatus('quietEnd');
        return;
      }
      showResults();
    } catch (e) {
      setStatus('saveFailed');
      setSaveError(
        e instanceof StorageTimeoutError
          ? STORAGE_TIMEOUT_MESSAGE
          : 'Your session could not be saved on this device. Try again.',
      );
    }
  }, [navigate, program, windDown]);

  const start = useCallback(() => {
    const audio = audioRef.current;
    if (actor || !audio) return;
    const player = new CueTrackPlayer(audio);
    playerRef.current = player;
    // The track is rendered first (a 30-minute one takes a few hundred ms), so the run
    // starts when the audio can: the first tone and the first inhale together.
    player.load(timeline, startRun(0), 0, volume, mix);
    if (voice.status === 'failed')
      setVoiceNote(mix.tones === false ? VOICE_UNAVAILABLE_SILENT_NOTE : VOICE_UNAVAILABLE_NOTE);
    else if (voice.note) setVoiceNote(voice.note);
    const a = createActor(practiceRunMachine, {
      input: { timeline, startAt: performance.now() },
    });
    startEpoch.current = Date.now();
    // Each step's vibration as the guide (which follows the track's clock) reaches it.
    a.on('step', ({ position: p }) => {
      if (vibrate.current && p.step)
        vibrateStep(p.step.kind, p.stepLengthMs ?? Number.POSITIVE_INFINITY);
    });
    a.subscribe((s) => {
      setSnapshot(s);
      if (s.status === 'done') {
        output.current = s.output ?? null;
        player.pause();
        void save();
      }
    });
    a.start();
    void player.play(0).then((ok) => {
      if (!ok)
        setSoundNote(
          'The sound could not start on this device; the guide on screen keeps time on its own.',
        );
    });
    setActor(a);
    setStatus('running');
  }, [actor, timeline, save, volume, mix, voice.status, voice.note]);

  // The guide follows the audio clock (the one loop every session uses); a far-off audio
  // is moved to the guide instead, and one stopped in the background is said so once.
  useEffect(() => {
    const player = playerRef.current;
    if (!actor || !player) return;
    return followAudio(player, {
      activeMs: (now) => {
        const s = actor.getSnapshot();
        if (s.status !== 'active' || !s.matches('running')) return null;
        return activeElapsedMs(s.context.run.clock, now);
      },
      align: (now, elapsedMs) => actor.send({ type: 'ALIGN', now, elapsedMs }),
      onAudioStopped: () => {
        if (backgroundNoteShown()) return;
        markBackgroundNoteShown();
        setSoundNote(BACKGROUND_AUDIO_NOTE);
      },
    });
  }, [actor]);

  // On leaving the screen: stop the run and release the track (not when the run starts).
  const actorRef = useRef<ProgramRunRef | null>(null);
  useEffect(() => {
    actorRef.current = actor;
  }, [actor]);
  useEffect(
    () => () => {
      playerRef.current?.dispose();
      actorRef.current?.stop();
    },
    [],
  );

  const pause = useCallback(() => {
    if (!actor) return;
    actor.send({ type: 'PAUSE', now: performance.now() });
    if (actor.getSnapshot().matches('paused')) playerRef.current?.pause();
  }, [actor]);

  const resume = useCallback(() => {
    if (!actor) return;
    const s = actor.getSnapshot();
    if (!s.matches('paused')) return;
    const now = performance.now();
    actor.send({ type: 'RESUME', now });
    void playerRef.current?.play(activeElapsedMs(actor.getSnapshot().context.run.clock, now));
  }, [actor]);

  /** A tap: ends a hold a tap may end; the audio starts again from the next step. */
  const tap = useCallback(() => {
    if (!actor) return;
    const before = actor.getSnapshot().context.position.stepIndex;
    actor.send({ type: 'TAP', now: performance.now() });
    const s = actor.getSnapshot();
    const after = s.context.position.stepIndex;
    const player = playerRef.current;
    if (after === before || s.status !== 'active' || !player) return;
    // The mix chosen at the start stays for the whole session.
    player.load(timeline, s.context.run, after, player.currentVolume, player.currentMix);
    void player.play(activeElapsedMs(s.context.run.clock, performance.now()));
  }, [actor, timeline]);

  const stop = useCallback(() => {
    actor?.send({ type: 'STOP', now: performance.now() });
  }, [actor]);

  // Media Session: the lock screen names the program and the segment; its controls
  // pause, resume, end the session, and "next" ends a hold.
  const paused = snapshot?.matches('paused') ?? false;
  const segmentIndex = snapshot?.context.position.step?.segmentIndex ?? 0;
  const segmentLabel = program.segments[segmentIndex]?.label ?? program.name;
  const handlers = useRef({ pause, resume, stop, tap });
  useEffect(() => {
    handlers.current = { pause, resume, stop, tap };
  });
  useEffect(() => {
    if (!actor || !hasMediaSession()) return;
    const ms = navigator.mediaSession;
    if (typeof MediaMetadata === 'function')
      ms.metadata = new MediaMetadata({
        title: program.name,
        artist: 'Pneuma',
        album: segmentLabel,
        artwork: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      });
  }, [actor, program.name, segmentLabel]);
  useEffect(() => {
    if (!actor || !hasMediaSession()) return;
    setHandler('play', () => handlers.current.resume());
    setHandler('pause', () => handlers.current.pause());
    setHandler('stop', () => handlers.current.stop());
    setHandler('nexttrack', () => handlers.current.tap());
    return () => {
      navigator.mediaSession.metadata = null;
      navigator.mediaSession.playbackState = 'none';
      for (const a of ['play', 'pause', 'stop', 'nexttrack'] as const) setHandler(a, null);
    };
  }, [actor]);
  useEffect(() => {
    if (actor && hasMediaSession())
      navigator.mediaSession.playbackState = paused ? 'paused' : 'playing';
  }, [actor, paused]);

  return {
    timeline,
    audioRef,
    snapshot,
    status,
    /** The spoken cues are on and still loading: the start waits for them (a moment). */
    voiceLoading: voice.status === 'loading',
    soundNote,
    voiceNote,
    saveError,
    quietEnd,
    start,
    pause,
    resume,
    tap,
    stop,
    retrySave: save,
  };
}
