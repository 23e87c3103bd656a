import { useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { countdownSeconds, DEFAULT_COUNTDOWN_SECONDS } from '../../domain/countdown';
import { loadLocalData } from '../../data/loadLocalData';
import type { preSessionMachine } from '../../machines/preSession';
import { SESSION_NOT_INITIALIZED } from '../../machines/session';
import { CAMERA_SETUP_MESSAGES } from '../../domain/errors/messages';
import { sessionConfigFor, type SessionPattern } from '../../domain/patternChoice';
import { guideKindFor } from '../../domain/guideShapes';
import { cuesOnDevice } from '../../domain/cueFallback';
import type { SessionMode } from '../../domain/sessionModes';
import { Badge } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';
import { setSessionRunning } from '../../app/serviceWorker/sessionGuard';
import { SessionErrorCard } from '../errors';
import { CameraSetupPanel } from '../vision';
import { useImmersiveChrome } from '../shell';
import { ActiveSession } from './ActiveSession';
import { CompletionView } from './CompletionView';
import { ModeChoice } from './ModeChoice';
import { PreSessionView } from './PreSessionView';
import { SessionErrorBoundary } from './SessionErrorBoundary';
import { useDisplaySettings } from './SessionSettings';
import { useCuePreferences } from './useCuePreferences';
import { useVibrationSupport } from './vibrationSupport';
import { useVoiceLanguage } from './useVoiceLanguage';
import { useSessionController } from './useSessionController';
import { useSoundBed } from './useSoundBed';
import { useWindDown } from './useWindDown';
import { isEveningPattern } from '../../domain/windDown';
import './session.css';
import './immersive.css';

type PreSessionRef = ActorRefFrom<typeof preSessionMachine>;

const MODE_TITLES: Record<SessionMode, string> = {
  classic: 'Classic session',
  enhanced: 'Enhanced session',
  mobile: 'Quick session',
};

/**
 * A one-tap start ('Breathe again', the floating play button): once, on arrival, the
 * pre-session step starts the person's countdown as if 'Start' had been pressed (the tap
 * that led here is the page's user activation, so audio may start).
 */
function useStartNow(preRef: PreSessionRef | undefined, unlockAudio: () => void) {
  const started = useRef(false);
  useEffect(() => {
    if (!preRef || started.current) return;
    started.current = true;
    let cancelled = false;
    let sent = false;
    void loadLocalData()
      .then((d) => d.getPreferences())
      .then((p) => p.countdownSeconds)
      .catch(() => DEFAULT_COUNTDOWN_SECONDS)
      .then((countdown) => {
        if (cancelled || preRef.getSnapshot().value !== 'prepare') return;
        sent = true;
        unlockAudio();
        preRef.send({ type: 'START', countdown: countdownSeconds(countdown) });
      });
    return () => {
      cancelled = true;
      // Unmounted before it started (React's development double run): the next mount starts.
      if (!sent) started.current = false;
    };
  }, [preRef, unlockAudio]);
}

interface SessionScreenProps {
  mode: SessionMode;
  pattern: SessionPattern;
  /** flow=adaptive: Adaptive Encouragement starts switched on. */
  adaptive: boolean;
  /** start=now (a one-tap start): the countdown begins without the pre-session screen. */
  startNow?: boolean;
  /** monitor=timing (the 'advanced' preset): the session shows its timing monitor. */
  timingMonitor?: boolean;
}

/** The session screen for one mode and pattern. 'Continue Practice' remounts it at setup. */
export function SessionScreen(props: SessionScreenProps) {
  const [generation, setGeneration] = useState(0);
  return (
    <SessionErrorBoundary onReset={() => setGeneration((g) => g + 1)}>
      <SessionFlow key={generation} {...props} />
    </SessionErrorBoundary>
  );
}

function SessionFlow({
  mode,
  pattern,
  adaptive,
  startNow = false,
  timingMonitor = false,
}: SessionScreenProps) {
  const config = useMemo(() => sessionConfigFor(mode, pattern), [mode, pattern]);
  const { cues } = useCuePreferences();
  // A chosen vibration this device cannot give plays as tones (domain/cueFallback).
  const canVibrate = useVibrationSupport();
  const tones = cuesOnDevice(cues, { canSpeak: true, canVibrate }).tones;
  const bed = useSoundBed(cues.bed, cues.bedLevel);
  const voiceLanguage = useVoiceLanguage().locale;
  // Wind-down mode (docs/product.md § Sleep and sound), remembered per pattern on this device;
  // without a choice, on for an evening pattern in the evening.
  const windDownChoice = useWindDown(pattern.id, isEveningPattern(pattern));
  const windDown = windDownChoice.on === true;
  const controller = useSessionController(config, {
    tones,
    voice: cues.voice,
    voiceLanguage,
    volume: cues.volume,
    bed,
    windDown,
  });
  const { session, step, loopRef, actions } = controller;
  const preRef = useSelector(session, (s) => s.children.preSession);
  const compact = mode === 'mobile';
  const { dim } = useDisplaySettings();

  // App updates must not reload the page under a session (only the intro screens are safe).
  const preStep = useSelector(preRef, (s) => (s ? (s.value as string) : null));
  const reloadSafe = step === 'setup' && preStep === 'prepare';
  useEffect(() => {
    setSessionRunning(!reloadSafe);
  }, [reloadSafe]);
  useEffect(() => () => setSessionRunning(false), []);
  useStartNow(startNow ? preRef : undefined, actions.unlockAudio);

  // On session start, a HEAD of the backend's health with a 2 s limit, logged only
  // (never blocks the session; the request helper and health code load on demand).
  const active = step === 'active';
  useEffect(() => {
    if (!active) return;
    void Promise.all([import('../../backend/health'), import('../../backend/config')])
      .then(([{ logHealthOnSessionStart }, { getConfig }]) =>
        logHealthOnSessionStart(getConfig().apiUrl),
      )
      .catch(() => {
        // no configuration or offline: nothing to log
      });
  }, [active]);

  let body: ReactNode = null;
  if (step === 'setup' && preRef) {
    body = (
      <PreSessionView
        preRef={preRef}
        pattern={pattern}
        guide={guideKindFor(pattern)}
        targetCycles={config.targetCycles}
        onUserGesture={actions.unlockAudio}
        windDown={windDownChoice}
        modeChoice={mode === 'mobile' ? null : <ModeChoice mode={mode} />}
        camera={
          config.enableCamera ? (
            <CameraSetupPanel session={session} onUserGesture={actions.unlockAudio} />
          ) : null
        }
      />
    );
  } else if (step === 'active' && loopRef) {
    body = (
      <ActiveSession
        controller={controller}
        loopRef={loopRef}
        config={config}
        title={pattern.name}
        modeTitle={MODE_TITLES[mode]}
        adaptiveDefault={adaptive}
        cues={cues}
        compact={compact}
        timingMonitor={timingMonitor}
        windDown={windDown}
      />
    );
  } else if (step === 'complete') {
    body = <CompletionView session={session} quiet={windDown} />;
  }

  const error = useSelector(session, (s) => s.context.error);
  // Immersive once the session starts: the app's chrome recedes until the person leaves
  // (the completion stays on the calm stage; the results bring the chrome back).
  const immersive = (step === 'active' || step === 'complete') && !error;
  useImmersiveChrome(immersive);

  // The cue track's <audio> element stays the same one from the first screen to the end
  // (the 'Start' tap unlocks it for playing later), whichever layout is around it.
  const cueTrack = (
    <audio ref={controller.audioRef} data-testid="session-cue-track" preload="auto" />
  );
  if (immersive && step === 'complete') {
    return withTrack(
      cueTrack,
      <div
        className={`immersive immersive--complete ${dim ? 'theme-dim' : ''} ${windDown ? 'wind-down-end' : ''}`}
        data-testid={windDown ? 'wind-down-end' : undefined}
      >
        <h1 className="immersive__title immersive__title--quiet">{pattern.name}</h1>
        <div className="immersive__arrival">{body}</div>
      </div>,
    );
  }
  if (immersive) return withTrack(cueTrack, body);

  return withTrack(
    cueTrack,
    <div className={`session-screen ${compact ? 'session-screen--compact' : ''}`}>
      <header className="session-screen__header">
        <Link to="/" className={buttonClass('ghost')} onClick={() => actions.stop()}>
          ← Home
        </Link>
        <h1 className="session-screen__title">
          {pattern.name}
          <Badge tone="primary" className="session-screen__mode">
            {MODE_TITLES[mode]}
          </Badge>
        </h1>
      </header>
      {error ? (
        <SessionErrorCard
          onRestart={actions.restart}
          // The breath loop could not start (a config was there): the spec's own words.
          message={
            step === 'failed' && error !== SESSION_NOT_INITIALIZED
              ? CAMERA_SETUP_MESSAGES.startFailed
              : undefined
          }
          className="session-screen__error"
        />
      ) : null}
      {body}
    </div>,
  );
}

/** The same two children whatever the layout, so React keeps the one <audio> element. */
function withTrack(track: ReactNode, content: ReactNode) {
  return (
    <>
      {track}
      {content}
    </>
  );
}
