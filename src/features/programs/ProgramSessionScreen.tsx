/**
 * A program's session (docs/product.md § Programs): what it is and its safety note, then
 * the guide: the segment, the step with its length and countdown (a stopwatch in a
 * retention), a tap anywhere ends a hold that may be ended, pause between holds, and the
 * cue track on an <audio> element that keeps time with the screen locked.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useOffersPractice } from '../../app/onScreenPractice';
import { WIM_HOF_LIMITS, wimHofProgram } from '../../domain/programs/builtInPrograms';
import {
  countdownSeconds,
  plannedLengthText,
  segmentSummary,
  stepSecondsText,
  stopwatchText,
} from '../../domain/programs/programText';
import { STEP_HINTS, STEP_LABELS, type Program } from '../../domain/programs/programTypes';
import { progressCount, progressCountText } from '../../domain/programs/progressCount';
import { runPosition, type RunPosition } from '../../domain/programs/timelineRun';
import { isEveningProgram, programWindDownId } from '../../domain/windDown';
import { isHoldStep } from '../../machines/practiceRun';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useReducedMotion } from '../../ui/useReducedMotion';
import { useWindDown, WindDownEnd, WindDownSwitch } from '../session';
import { useProgramSession } from './useProgramSession';
import './programs.css';

/** `shared`: shown above the intro when the program came from a link (save it, pass it on). */
export function ProgramSessionScreen({
  program: initial,
  shared,
  startNow = false,
}: {
  program: Program;
  shared?: ReactNode;
  /** Start at once (the play button, 'Practice again'), as the intro's Start does. */
  startNow?: boolean;
}) {
  const [rounds, setRounds] = useState(3);
  const [breaths, setBreaths] = useState(30);
  const wimHof = initial.builtIn && initial.category === 'wim_hof';
  const program = useMemo(
    () => (wimHof ? wimHofProgram(rounds, breaths) : initial),
    [wimHof, rounds, breaths, initial],
  );
  // Wind-down mode (docs/product.md § Sleep and sound), remembered per program on this device;
  // without a choice, on for an evening program in the evening.
  const windDown = useWindDown(programWindDownId(program.id), isEveningProgram(program));
  const s = useProgramSession(program, windDown.on === true);
  // The play button starts this program while its intro is on screen.
  useOffersPractice(s.status === 'ready' ? program.name : null, s.start);
  const started = useRef(false);
  useEffect(() => {
    if (!startNow || started.current || s.voiceLoading || s.status !== 'ready') return;
    if (windDown.on === null) return; // the track's mix waits for the wind-down choice
    started.current = true;
    s.start();
  }, [startNow, s, windDown.on]);
  return (
    <>
      {/* One element for the whole session: the cue track plays here. */}
      <audio ref={s.audioRef} data-testid="program-cue-track" preload="auto" />
      {s.status === 'ready' ? (
        // The intro waits for the wind-down choice (a moment), so it paints in its theme.
        windDown.on === null ? null : (
          <ProgramIntro
            program={program}
            wimHof={wimHof}
            rounds={rounds}
            breaths={breaths}
            setRounds={setRounds}
            setBreaths={setBreaths}
            onStart={s.start}
            preparing={s.voiceLoading}
            shared={shared}
            windDown={windDown}
            evening={isEveningProgram(program)}
          />
        )
      ) : s.status === 'quietEnd' && s.quietEnd ? (
        <WindDownEnd
          title={program.name}
          completed={s.quietEnd.completed}
          saved={s.quietEnd.saved}
          onResults={s.quietEnd.showResults}
        />
      ) : (
        <ProgramRun program={program} s={s} calm={windDown.on === true} />
      )}
    </>
  );
}

function ProgramIntro(props: {
  program: Program;
  wimHof: boolean;
  rounds: number;
  breaths: number;
  setRounds: (n: number) => void;
  setBreaths: (n: number) => void;
  onStart: () => void;
  /** The spoken cues are loading: Start waits (a moment). */
  preparing: boolean;
  shared?: ReactNode;
  windDown: ReturnType<typeof useWindDown>;
  /** An evening program (domain/windDown): wind-down is on by default in the evening. */
  evening: boolean;
}) {
  const { program, wimHof, rounds, breaths, setRounds, setBreaths } = props;
  return (
    <div className="page program-page">
      {props.shared ? <p className="muted">A program shared with you</p> : null}
      <h1>{program.name}</h1>
      {props.shared}
      <Card as="section" className="program-intro">
        <p>{program.description}</p>
        <p className="program-intro__length">{plannedLengthText(program)}</p>
        {wimHof ? (
          <div className="program-intro__settings">
            <label>
              Rounds
              <input
                type="number"
                inputMode="numeric"
                min={WIM_HOF_LIMITS.roundsMin}
                max={WIM_HOF_LIMITS.roundsMax}
                value={rounds}
                onChange={(e) => setRounds(Number(e.target.value))}
              />
            </label>
            <label>
              Breaths per round
              <input
                type="number"
                inputMode="numeric"
                min={WIM_HOF_LIMITS.breathsMin}
                max={WIM_HOF_LIMITS.breathsMax}
                value={breaths}
                onChange={(e) => setBreaths(Number(e.target.value))}
              />
            </label>
          </div>
        ) : null}
        <ol className="program-intro__segments" aria-label="Segments">
          {program.segments.map((s, i) => (
            <li key={i}>
              {s.label ? `${s.label}: ` : ''}
              {segmentSummary(s)}
            </li>
          ))}
        </ol>
        {program.safetyNote ? (
          <p className="program-intro__safety" role="note" data-testid="program-safety">
            <strong>Safety: </strong>
            {program.safetyNote}
          </p>
        ) : null}
        <p className="program-intro__audio">
          The cues keep time with the screen locked (on iPhone, once Pneuma is on your Home Screen).
          Play/pause on your headphones or lock screen pauses the session, and &quot;next&quot; ends
          a hold.
        </p>
        <WindDownSwitch
          evening={props.evening}
          windDown={props.windDown}
          className="program-intro__wind-down"
        />
        <div className="program-intro__actions">
          <Button
            size="lg"
            onClick={props.onStart}
            disabled={props.preparing}
            aria-describedby={props.preparing ? 'program-preparing' : undefined}
            data-testid="program-start"
          >
            Start
          </Button>
          {props.preparing ? (
            <span id="program-preparing" className="muted" role="status">
              Preparing the spoken cues…
            </span>
          ) : null}
          <Link to="/programs" className={buttonClass('ghost')}>
            All programs
          </Link>
        </div>
      </Card>
    </div>
  );
}

function ProgramRun({
  program,
  s,
  calm,
}: {
  program: Program;
  s: ReturnType<typeof useProgramSession>;
  /** Wind-down: the orb stays still, as under reduced motion (the sound and words lead). */
  calm: boolean;
}) {
  const reduced = useReducedMotion() || calm;
  const snap = s.snapshot;
  const pos = snap?.context.position ?? null;
  const step = pos?.step ?? null;
  const paused = snap?.matches('paused') ?? false;
  const inHold = pos ? isHoldStep(pos) : false;
  const tappable = step?.endsOnTap ?? false;
  const retentions = snap ? retentionList(snap.context.run.endedMs, s.timeline.steps) : [];
  const segment = step ? program.segments[step.segmentIndex] : undefined;
  const count = pos ? progressCount(s.timeline, pos) : null;
  // The countdown already shows a step's length as it starts ('120', not '120' and '120 s');
  // the length is shown too only where the lengths change as programmed (a ramp), and is
  // otherwise kept for screen readers (the countdown is hidden from them).
  const lengthsChange = program.segments.some((seg) => seg.kind === 'breathe' && seg.ramp);

  return (
    <div className="page program-page program-run" data-testid="program-run">
      <h1 className="program-run__title">{program.name}</h1>
      <p className="program-run__segment" data-testid="program-segment">
        {segment?.label ?? ''}
      </p>
      <div
        className={`program-guide${tappable ? ' program-guide--tap' : ''}`}
        onPointerDown={tappable ? s.tap : undefined}
        data-testid="program-guide"
      >
        <ProgramOrb s={s} reduced={reduced} />
        <p className="program-guide__step" data-testid="program-step" aria-live="polite">
          {step ? STEP_LABELS[step.kind] : 'Done'}
        </p>
        {step ? <p className="program-guide__hint">{STEP_HINTS[step.kind]}</p> : null}
        {pos && step && pos.stepLengthMs !== null ? (
          <>
            <p className="program-guide__count" aria-hidden="true" data-testid="program-countdown">
              {countdownSeconds(pos.stepRemainingMs ?? 0)}
            </p>
            <p
              className={lengthsChange ? 'program-guide__length' : 'visually-hidden'}
              data-testid="program-step-length"
            >
              {stepSecondsText(pos.stepLengthMs)}
            </p>
          </>
        ) : pos && step ? (
          <p className="program-guide__count" data-testid="retention-stopwatch" role="timer">
            {stopwatchText(pos.stepElapsedMs)}
          </p>
        ) : null}
      </div>
      {tappable ? (
        <Button size="lg" onClick={s.tap} data-testid="program-tap">
          {step?.kind === 'retention' ? 'Breathe again' : 'End hold'}
        </Button>
      ) : null}
      {count ? (
        <p className="program-run__progress" data-testid="program-progress">
          {progressCountText(count)}
        </p>
      ) : null}
      {retentions.length ? (
        <ol
          className="program-run__retentions"
          data-testid="retention-times"
          aria-label="Retention times"
        >
          {retentions.map((ms, i) => (
            <li key={i}>
              Round {i + 1}: {stopwatchText(ms)}
            </li>
          ))}
        </ol>
      ) : null}
      {s.soundNote ? (
        <p className="program-run__note" role="status" data-testid="program-sound-note">
          {s.soundNote}
        </p>
      ) : null}
      {s.voiceNote ? (
        <p className="program-run__note" role="status" data-testid="program-voice-note">
          {s.voiceNote}
        </p>
      ) : null}
      {s.saveError ? (
        <p className="program-run__note" role="alert">
          {s.saveError}{' '}
          <Button variant="secondary" onClick={() => void s.retrySave()}>
            Try again
          </Button>
        </p>
      ) : null}
      <div className="program-run__controls">
        {paused ? (
          <Button onClick={s.resume} data-testid="program-resume">
            Resume
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={s.pause}
            disabled={inHold || s.status !== 'running'}
            title={inHold ? 'A hold cannot be paused: tap to end it' : undefined}
            data-testid="program-pause"
          >
            Pause
          </Button>
        )}
        <Button
          variant="ghost"
          onClick={s.stop}
          disabled={s.status !== 'running'}
          data-testid="program-stop"
        >
          End session
        </Button>
      </div>
    </div>
  );
}

/** The orb's size through a step: grows on inhales, shrinks on exhales, still in holds. */
/**
 * The orb follows the clock on every display frame (the machine wakes only at boundaries and
 * whole seconds): its size is drawn from the run's position now, straight onto the element.
 */
function ProgramOrb({ s, reduced }: { s: ReturnType<typeof useProgramSession>; reduced: boolean }) {
  const ref = useRef<HTMLDivElement | null>(null);
  const snap = s.snapshot;
  const running = snap?.matches('running') ?? false;
  const run = snap?.context.run;
  const pos = snap?.context.position ?? null;
  useEffect(() => {
    const el = ref.current;
    if (!el || reduced || !run || !pos) return;
    const draw = () => {
      const now = running ? runPosition(s.timeline, run, performance.now()) : pos;
      el.style.transform = `scale(${orbScale(now)})`;
    };
    draw();
    if (!running) return;
    let id = requestAnimationFrame(function frame() {
      draw();
      id = requestAnimationFrame(frame);
    });
    return () => cancelAnimationFrame(id);
  }, [s.timeline, run, pos, running, reduced]);
  return (
    <div
      ref={ref}
      className="program-guide__orb"
      style={reduced ? undefined : { transition: 'none' }}
      aria-hidden="true"
    />
  );
}

function orbScale(pos: RunPosition): number {
  const p = Math.min(1, Math.max(0, pos.stepProgress));
  switch (pos.step?.kind) {
    case 'inhale':
      return 0.6 + 0.3 * p;
    case 'topup':
      return 0.9 + 0.1 * p;
    case 'hold':
      return 1;
    case 'exhale':
      return 1 - 0.4 * p;
    default:
      return 0.6;
  }
}

function retentionList(
  endedMs: Readonly<Record<number, number>>,
  steps: readonly { kind: string }[],
): number[] {
  return steps.flatMap((st, i) =>
    st.kind === 'retention' && endedMs[i] !== undefined ? [endedMs[i]!] : [],
  );
}
