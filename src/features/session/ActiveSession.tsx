import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PHASE_LABELS, type PhaseName } from '../../domain/breathClock';
import { encouragementIntervalMs, pickEncouragement } from '../../domain/encouragement';
import { completionPercent } from '../../domain/sessionScoring';
import type { SessionConfig } from '../../domain/patternChoice';
import { isMilestone } from '../../machines/breathLoop';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import { BreathVisual } from './BreathVisual';
import { speakPhase, speechAvailable, vibrateFor } from './cues';
import { CameraSlot } from './CameraSlot';
import { RetentionPanel } from './RetentionPanel';
import type { LoopRef, SessionController } from './useSessionController';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { useWakeLock } from './useWakeLock';

export function formatClock(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function isTypingTarget(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return (
    ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(el.tagName) ||
    el.isContentEditable ||
    el.getAttribute('role') === 'switch'
  );
}

export function ActiveSession({
  controller,
  loopRef,
  config,
  adaptiveDefault,
  voiceEnabled,
  onVoiceChange,
  compact,
}: {
  controller: SessionController;
  loopRef: LoopRef;
  config: SessionConfig;
  adaptiveDefault: boolean;
  voiceEnabled: boolean;
  onVoiceChange: (on: boolean) => void;
  compact: boolean;
}) {
  const { session, actions, audioEnabled } = controller;
  const reducedMotion = useReducedMotion();
  const paused = controller.phase === 'paused';
  const duration = useSelector(session, (s) => s.context.metrics.duration);
  const cycleCount = useSelector(session, (s) => s.context.metrics.cycleCount);
  const stillness = useSelector(session, (s) => s.context.visionMetrics?.stillness);
  const loopState = useSelector(loopRef, (s) => s.value);
  const rounds = useSelector(loopRef, (s) => s.context.rounds);
  const target = config.targetCycles * rounds;
  const inRetention = typeof loopState === 'object';
  const progress = completionPercent(cycleCount, target);

  const [adaptive, setAdaptive] = useState(adaptiveDefault);
  const [encouragement, setEncouragement] = useState<string | null>(null);
  const lastEncouragementAt = useRef(0);
  const encouragementCount = useRef(0);

  useWakeLock(!paused);
  useEffect(() => {
    if (announcerRef.current)
      announcerRef.current.textContent = paused ? 'Paused' : lastAnnouncement.current;
  }, [paused]);

  const voiceRef = useRef(voiceEnabled);
  const audioRef = useRef(audioEnabled);
  useEffect(() => {
    voiceRef.current = voiceEnabled;
    audioRef.current = audioEnabled;
  });
  const announcerRef = useRef<HTMLDivElement>(null);
  const lastAnnouncement = useRef('');
  const onPhaseChange = useCallback((phase: PhaseName, seconds: number) => {
    // Written straight to the live region: no re-render of the whole screen at a boundary.
    lastAnnouncement.current = `${PHASE_LABELS[phase]}, ${seconds} seconds`;
    if (announcerRef.current) announcerRef.current.textContent = lastAnnouncement.current;
    vibrateFor(phase);
    if (voiceRef.current && audioRef.current) speakPhase(phase);
  }, []);

  // Adaptive encouragement: interval from progress (and stillness when a camera measures it).
  useEffect(() => {
    if (!adaptive || paused || inRetention) return;
    const interval = encouragementIntervalMs({ progressPercent: progress, stillness });
    if (duration * 1000 - lastEncouragementAt.current >= interval) {
      lastEncouragementAt.current = duration * 1000;
      setEncouragement(
        pickEncouragement({ progressPercent: progress, stillness }, encouragementCount.current++)
          .text,
      );
    }
  }, [adaptive, paused, inRetention, duration, progress, stillness]);

  // Keyboard: Space play/pause, Esc stop, M mute.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === ' ' || e.code === 'Space') {
        if (isTypingTarget(e.target)) return;
        e.preventDefault();
        if (inRetention) {
          if (loopRef.getSnapshot().matches({ retention: 'holding' })) actions.breatheAgain();
        } else actions.togglePause();
      } else if (e.key === 'Escape') {
        e.preventDefault();
        actions.stop();
      } else if (e.key === 'm' || e.key === 'M') {
        if (isTypingTarget(e.target) && (e.target as HTMLElement).tagName !== 'BUTTON') return;
        actions.toggleAudio();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [actions, inRetention, loopRef]);

  return (
    <section
      className={`active-session ${compact ? 'active-session--compact' : ''}`}
      aria-label="Breathing session"
    >
      <div
        ref={announcerRef}
        className="visually-hidden"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="phase-announcer"
      />
      {config.enableCamera ? <CameraSlot controller={controller} /> : null}

      {inRetention ? (
        <RetentionPanel loopRef={loopRef} actions={actions} />
      ) : (
        <div className="active-session__guide">
          <BreathVisual
            loopRef={loopRef}
            reducedMotion={reducedMotion}
            onPhaseChange={onPhaseChange}
          />
          {paused ? <p className="active-session__paused">Paused</p> : null}
        </div>
      )}

      <dl className="session-stats">
        <div className="stat">
          <dt className="stat__label">Time</dt>
          <dd className="stat__value" data-testid="session-timer">
            {formatClock(duration)}
          </dd>
        </div>
        <div className="stat">
          <dt className="stat__label">Cycles</dt>
          <dd className="stat__value" data-testid="session-cycles">
            {cycleCount} / {target}
          </dd>
        </div>
        {isMilestone(cycleCount) ? (
          <Badge tone="primary" className="milestone">
            {cycleCount} breaths
          </Badge>
        ) : null}
      </dl>
      <div
        className="session-progress"
        role="progressbar"
        aria-label="Session progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <div className="session-progress__bar" style={{ transform: `scaleX(${progress / 100})` }} />
      </div>

      {adaptive && encouragement ? (
        <p className="encouragement" role="status">
          {encouragement}
        </p>
      ) : null}

      <div className="session-controls">
        <Button
          variant="primary"
          onClick={actions.togglePause}
          disabled={inRetention}
          aria-keyshortcuts="Space"
          data-testid="pause-toggle"
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="secondary" onClick={actions.stop} aria-keyshortcuts="Escape">
          Stop
        </Button>
        <Button
          variant="ghost"
          onClick={actions.toggleAudio}
          aria-pressed={audioEnabled}
          aria-keyshortcuts="M"
        >
          {audioEnabled ? 'Sound on' : 'Sound off'}
        </Button>
      </div>
      <div className="session-toggles">
        <Switch
          label="Adaptive Encouragement"
          description="Short encouraging notes as your session goes on."
          checked={adaptive}
          onCheckedChange={setAdaptive}
        />
        {speechAvailable() && !compact ? (
          <Switch
            label="Voice cues"
            description="Speaks each phase: Inhale, Hold, Exhale."
            checked={voiceEnabled}
            onCheckedChange={onVoiceChange}
          />
        ) : null}
      </div>
      <p className="session-keys">Keys: Space pause or resume, Esc stop, M sound.</p>
    </section>
  );
}
