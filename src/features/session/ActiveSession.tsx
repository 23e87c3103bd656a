import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PHASE_LABELS, sessionLengthMs } from '../../domain/breathClock';
import { phaseAnnouncement } from '../../domain/cueDesign';
import { guideKindFor } from '../../domain/guideShapes';
import { SHORTCUT_EVENT, type ShortcutAction } from '../../domain/keyboardShortcuts';
import type { SessionConfig } from '../../domain/patternChoice';
import { markBreathingActive } from '../../app/activeBreathing';
import { Button } from '../../ui/Button';
import { LineIcon } from '../../ui/LineIcon';
import { Switch } from '../../ui/Switch';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { BreathVisual, type PhaseChange } from './BreathVisual';
import { CameraChip } from './CameraSlot';
import { vibrateStep } from './cues';
import { Encouragement } from './Encouragement';
import { EndSessionDialog } from './EndSessionDialog';
import { RetentionPanel } from './RetentionPanel';
import { SessionFigures, SessionProgress } from './SessionFigures';
import { TimingMonitor } from './TimingMonitor';
import { SessionSettings, useDisplaySettings } from './SessionSettings';
import type { CuePreferences } from './useCuePreferences';
import { useFullscreen } from './useFullscreen';
import { useIdleControls } from './useIdleControls';
import { useMediaSession } from './useMediaSession';
import type { LoopRef, SessionController } from './useSessionController';
import { useWakeLock } from './useWakeLock';
import { WakeLockNote } from './WakeLockNote';

function isTypingTarget(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(el.tagName) ||
    el.isContentEditable ||
    el.getAttribute('role') === 'switch'
  );
}

interface ActiveSessionProps {
  controller: SessionController;
  loopRef: LoopRef;
  config: SessionConfig;
  /** The pattern's name and the mode's title, for the heading and the lock screen. */
  title: string;
  modeTitle: string;
  adaptiveDefault: boolean;
  cues: CuePreferences;
  compact: boolean;
  /** The 'advanced' preset: the measured timing monitor under the figures. */
  timingMonitor?: boolean;
  /** Wind-down mode: the calm guide (a slow glow, no moving shapes) and no wake lock. */
  windDown?: boolean;
}

/**
 * The session itself, immersive (docs/product.md § Sessions): the guide fills the screen;
 * the heading, figures and controls fade after a few quiet seconds and come back on a tap,
 * a pointer move or a key. Cues follow the person's choice (voice, tones, vibration or
 * silence); headphones and the lock screen pause, resume and stop it (Media Session).
 */
export function ActiveSession({
  controller,
  loopRef,
  config,
  title,
  modeTitle,
  adaptiveDefault,
  cues,
  compact,
  timingMonitor = false,
  windDown = false,
}: ActiveSessionProps) {
  const { session, actions, audioEnabled } = controller;
  const reducedMotion = useReducedMotion();
  const paused = controller.phase === 'paused';
  const inRetention = useSelector(loopRef, (s) => typeof s.value === 'object');
  const rounds = useSelector(loopRef, (s) => s.context.rounds);
  const schedule = useSelector(loopRef, (s) => s.context.schedule);
  const guide = guideKindFor(config.pattern);

  const [adaptive, setAdaptive] = useState(adaptiveDefault);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Stop, Esc and the back link ask once ('End session?'); asking pauses the breath.
  const [endAsked, setEndAsked] = useState(false);
  const pausedToAsk = useRef(false);
  const cyclesDone = useSelector(session, (s) => s.context.metrics.cycleCount);
  const navigate = useNavigate();
  const display = useDisplaySettings();
  const fullscreen = useFullscreen();
  const stageRef = useRef<HTMLElement>(null);
  const controlsShown = useIdleControls(stageRef, { paused, dialogOpen: settingsOpen || endAsked });

  // Wind-down lets the screen sleep on the device's own timeout: the cue track keeps the time.
  const wakeLock = useWakeLock(!paused && !windDown);

  const announcerRef = useRef<HTMLDivElement>(null);
  const lastAnnouncement = useRef('');
  useEffect(() => {
    if (announcerRef.current)
      announcerRef.current.textContent = paused ? 'Paused' : lastAnnouncement.current;
  }, [paused]);

  const live = useRef({ cues, audioEnabled, settingsOpen: settingsOpen || endAsked });
  useEffect(() => {
    live.current = { cues, audioEnabled, settingsOpen: settingsOpen || endAsked };
  });
  const askEnd = useCallback(() => {
    pausedToAsk.current = controller.phase === 'active' && !inRetention;
    if (pausedToAsk.current) actions.pause();
    setEndAsked(true);
  }, [actions, controller.phase, inRetention]);
  const keepBreathing = useCallback(() => {
    setEndAsked(false);
    if (pausedToAsk.current) actions.resume();
    pausedToAsk.current = false;
  }, [actions]);
  const endNow = useCallback(() => {
    setEndAsked(false);
    actions.stop();
  }, [actions]);
  // Leaving unmounts the session before it ends: nothing reaches the save path.
  const leaveUnsaved = useCallback(() => {
    setEndAsked(false);
    void navigate({ to: '/' });
  }, [navigate]);
  const onPhaseChange = useCallback((change: PhaseChange) => {
    const label = PHASE_LABELS[change.phase];
    // Written straight to the live region: no re-render of the whole screen at a boundary.
    lastAnnouncement.current = phaseAnnouncement(label, change.seconds, change.startsLastCycle);
    if (announcerRef.current) announcerRef.current.textContent = lastAnnouncement.current;
    // The sounds (tones, spoken names) are in the cue track, on the audio clock; the guide
    // follows that clock, and vibrates each step's pattern of the track's vibration plan.
    if (live.current.cues.vibration) vibrateStep(change.phase, change.seconds * 1000);
  }, []);

  useMediaSession({
    title,
    album: modeTitle,
    paused,
    session,
    durationS: inRetention ? 0 : sessionLengthMs(schedule, config.targetCycles * rounds) / 1000,
    onPlay: () => {
      if (controller.phase === 'paused') actions.resume();
    },
    onPause: () => {
      if (controller.phase === 'active') actions.pause();
    },
    onStop: actions.stop,
  });

  // Keyboard: Space pause or resume, Esc stop, M sound, F full screen.
  const toggleFullscreen = fullscreen.toggle;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || live.current.settingsOpen) return;
      if (e.key === ' ' || e.code === 'Space') {
        if (isTypingTarget(e.target)) return;
        e.preventDefault();
        if (inRetention) {
          if (loopRef.getSnapshot().matches({ retention: 'holding' })) actions.breatheAgain();
        } else actions.togglePause();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        askEnd();
      } else if (e.key === 'm' || e.key === 'M') {
        if (isTypingTarget(e.target) && (e.target as HTMLElement).tagName !== 'BUTTON') return;
        actions.toggleAudio();
      } else if (e.key === 'f' || e.key === 'F') {
        if (isTypingTarget(e.target) && (e.target as HTMLElement).tagName !== 'BUTTON') return;
        toggleFullscreen();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, askEnd, inRetention, loopRef, toggleFullscreen]);

  // The desktop panel's shortcuts (when the person turned them on): R starts this session
  // again from its first breath. Space, M and F are this screen's own keys (above).
  useEffect(() => {
    markBreathingActive(true);
    const onShortcut = (e: Event) => {
      const { action } = (e as CustomEvent<{ action: ShortcutAction }>).detail;
      if (action === 'reset' && !live.current.settingsOpen) actions.restartRun();
    };
    window.addEventListener(SHORTCUT_EVENT, onShortcut);
    return () => {
      markBreathingActive(false);
      window.removeEventListener(SHORTCUT_EVENT, onShortcut);
    };
  }, [actions]);

  return (
    <section
      ref={stageRef}
      className={[
        'immersive',
        compact && 'immersive--compact',
        display.dim && 'theme-dim',
        config.enableCamera && 'immersive--camera',
      ]
        .filter(Boolean)
        .join(' ')}
      data-controls={controlsShown ? 'shown' : 'hidden'}
      data-testid="immersive-session"
      aria-label="Breathing session"
    >
      <div
        ref={announcerRef}
        className="visually-hidden"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="phase-announcer"
      />
      <header className="immersive__top immersive__chrome">
        <h1 className="immersive__title">
          {title}
          <span className="immersive__mode">{modeTitle}</span>
        </h1>
        <div className="immersive__actions">
          <Button
            variant="ghost"
            icon
            aria-haspopup="dialog"
            aria-label="Sound and display"
            title="Sound and display"
            onClick={() => setSettingsOpen(true)}
          >
            <LineIcon name="sliders" size={22} />
          </Button>
          {fullscreen.available ? (
            <Button
              variant="ghost"
              icon
              aria-pressed={fullscreen.active}
              aria-keyshortcuts="F"
              aria-label="Full screen"
              title="Full screen"
              onClick={fullscreen.toggle}
            >
              <LineIcon name={fullscreen.active ? 'shrink' : 'expand'} size={22} />
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={askEnd} aria-keyshortcuts="Escape">
            Stop
          </Button>
        </div>
      </header>

      <SessionFigures session={session} loopRef={loopRef} targetCycles={config.targetCycles} />
      {timingMonitor ? <TimingMonitor /> : null}

      {config.enableCamera ? <CameraChip controller={controller} /> : null}

      <div className="immersive__guide">
        {inRetention ? (
          <RetentionPanel loopRef={loopRef} actions={actions} />
        ) : (
          <BreathVisual
            loopRef={loopRef}
            schedule={schedule}
            guide={guide}
            // Wind-down slows the guide to the calm fill reduced motion shows.
            reducedMotion={reducedMotion || windDown}
            onPhaseChange={onPhaseChange}
          />
        )}
        {/* Over the stage, never in the flow: pausing does not move the guide. */}
        <p
          className="immersive__paused"
          aria-hidden={!paused}
          data-shown={paused ? 'true' : undefined}
        >
          Paused
        </p>
        <Encouragement
          session={session}
          loopRef={loopRef}
          targetCycles={config.targetCycles}
          on={adaptive}
          paused={paused}
        />
      </div>

      <div className="immersive__bottom">
        <SessionProgress session={session} loopRef={loopRef} targetCycles={config.targetCycles} />
        <div className="session-controls immersive__chrome">
          <Button
            variant="primary"
            onClick={actions.togglePause}
            disabled={inRetention}
            aria-keyshortcuts="Space"
            data-testid="pause-toggle"
          >
            {paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            variant="secondary"
            onClick={actions.toggleAudio}
            aria-pressed={audioEnabled}
            aria-keyshortcuts="M"
          >
            {audioEnabled ? 'Sound on' : 'Sound off'}
          </Button>
          <Button
            variant="secondary"
            aria-pressed={display.dim}
            onClick={() => display.setDim(!display.dim)}
          >
            Dim
          </Button>
        </div>
        <WakeLockNote state={wakeLock} className="immersive__chrome" />
        {controller.voiceNote ? (
          <p className="session-wake-note immersive__chrome" role="status" data-testid="voice-note">
            {controller.voiceNote}
          </p>
        ) : null}
        <div className="session-toggles immersive__chrome">
          <Switch
            label="Adaptive Encouragement"
            description="Short encouraging notes as your session goes on."
            checked={adaptive}
            onCheckedChange={setAdaptive}
          />
        </div>
        <p className="session-keys immersive__chrome">
          Keys: Space pause or resume, Esc stop, M sound, F full screen.
        </p>
      </div>

      <SessionSettings open={settingsOpen} onOpenChange={setSettingsOpen} />
      <EndSessionDialog
        open={endAsked}
        cyclesDone={cyclesDone}
        onKeep={keepBreathing}
        onEnd={endNow}
        onDiscard={leaveUnsaved}
      />
    </section>
  );
}
