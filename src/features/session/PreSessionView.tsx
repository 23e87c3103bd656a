import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { countdownSeconds } from '../../domain/countdown';
import { describeCueChannels } from '../../domain/cueDesign';
import { cuesOnDevice } from '../../domain/cueFallback';
import { usePreferences } from '../../data/hooks';
import type { GuideKind } from '../../domain/guideShapes';
import type { SessionPattern } from '../../domain/patternChoice';
import { patternSource } from '../../domain/patternSources';
import type { preSessionMachine } from '../../machines/preSession';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { isEveningPattern } from '../../domain/windDown';
import { useHydrating } from '../../ui/useHydrating';
import { SessionSettings } from './SessionSettings';
import { useCuePreferences } from './useCuePreferences';
import { useVibrationSupport } from './vibrationSupport';
import { WindDownSwitch } from './WindDownSwitch';

type PreSessionRef = ActorRefFrom<typeof preSessionMachine>;

function PatternTimings({ pattern }: { pattern: SessionPattern }) {
  const parts: [string, number][] = [
    ['Inhale', pattern.inhale],
    ['Hold', pattern.hold],
    ['Exhale', pattern.exhale],
    ['Hold', pattern.hold_after_exhale],
  ];
  return (
    <ul className="session-timings" aria-label="Pattern timings">
      {parts
        .filter(([, s]) => s > 0)
        .map(([label, s], i) => (
          <li key={i}>
            <span className="session-timings__value">{s}s</span>
            <span className="session-timings__label">{label}</span>
          </li>
        ))}
    </ul>
  );
}

/** How to follow each guide, said before the session starts. */
const GUIDE_INTROS: Record<GuideKind, string> = {
  square:
    'Follow the point around the square: up as you breathe in, across as you hold, down as you breathe out, back along the bottom as you hold again.',
  bloom:
    'Follow the flower: it opens as you breathe in and closes as you breathe out, and stays still while you hold.',
  orb: 'Follow the circle: it grows as you breathe in and shrinks as you breathe out.',
};

/** The cue choice in a line, with the button to change it before closing your eyes. */
function CueLine({ onUserGesture }: { onUserGesture: () => void }) {
  const { cues } = useCuePreferences();
  const [open, setOpen] = useState(false);
  // What this device can do is unknown to the build: a prerendered page hydrates without it.
  const hydrating = useHydrating();
  const canVibrate = useVibrationSupport();
  return (
    <div className="presession__cues">
      <p className="presession__lead">
        Cues:{' '}
        {describeCueChannels(
          // While hydrating, what the device can do is unknown: the build's text names no vibration.
          cuesOnDevice(
            { ...cues, vibration: cues.vibration && !hydrating },
            {
              canSpeak: true, // the phase names are recordings in the cue track
              canVibrate,
            },
          ),
        )}
      </p>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => {
          onUserGesture();
          setOpen(true);
        }}
      >
        Sound and display
      </Button>
      <SessionSettings open={open} onOpenChange={setOpen} />
    </div>
  );
}

/**
 * The one step before the breath (docs/product.md § Sessions): the pattern, the mode
 * (Classic or Enhanced), how to follow its guide, the camera in camera mode and the cues
 * on one screen with one primary button, 'Start'; then the
 * countdown the person chose (a preference, default 3 s, 0 for none) with Cancel, then
 * 'Breathe in'. Driven by the pre-session machine.
 */
export function PreSessionView({
  preRef,
  pattern,
  guide,
  targetCycles,
  onUserGesture,
  windDown,
  modeChoice,
  camera,
}: {
  preRef: PreSessionRef;
  pattern: SessionPattern;
  guide: GuideKind;
  targetCycles: number;
  /** Audio can only start from a user gesture: called on every button press. */
  onUserGesture: () => void;
  /** Wind-down mode for this pattern (./useWindDown): null until the preferences are read. */
  windDown?: { on: boolean | null; setOn: (on: boolean) => void };
  /** Classic or Enhanced (./ModeChoice), for the two modes a person chooses between. */
  modeChoice?: ReactNode;
  /** Camera mode's camera (preview, 'Enable Camera'), asked for before 'Start'. */
  camera?: ReactNode;
}) {
  const step = useSelector(preRef, (s) => s.value);
  const remaining = useSelector(preRef, (s) => s.context.remaining);
  const prefs = usePreferences();
  const start = () => {
    onUserGesture();
    preRef.send({ type: 'START', countdown: countdownSeconds(prefs.countdownSeconds) });
  };
  const cancel = () => {
    onUserGesture();
    preRef.send({ type: 'CANCEL' });
  };

  if (step === 'prepare') {
    const source = patternSource(pattern.id);
    return (
      <Card as="section" className="presession" aria-labelledby="presession-title">
        <h2 id="presession-title">{pattern.name}</h2>
        {modeChoice}
        {pattern.description ? <p className="presession__lead">{pattern.description}</p> : null}
        <PatternTimings pattern={pattern} />
        <p className="presession__lead">
          Sit upright, relax your shoulders and breathe through your nose. {GUIDE_INTROS[guide]}{' '}
          {targetCycles} cycles.
        </p>
        {camera}
        <div className="presession__actions presession__actions--start">
          <Button size="lg" onClick={start}>
            Start
          </Button>
        </div>
        <CueLine onUserGesture={onUserGesture} />
        {windDown ? (
          <WindDownSwitch evening={isEveningPattern(pattern)} windDown={windDown} />
        ) : null}
        {pattern.benefits.length ? (
          <>
            <h3 className="presession__subtitle">Benefits</h3>
            <ul className="presession__benefits">
              {pattern.benefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </>
        ) : null}
        {source ? (
          <details className="presession__source">
            <summary>Why it works</summary>
            <p className="muted">{source}</p>
          </details>
        ) : null}
      </Card>
    );
  }

  if (step === 'countdown') {
    return (
      <section className="presession presession--countdown" aria-label="Countdown">
        <p className="countdown" aria-live="assertive" aria-atomic="true" data-testid="countdown">
          {remaining}
        </p>
        <p className="presession__lead">Starting soon. Take a slow breath.</p>
        <Button variant="ghost" onClick={cancel} disabled={remaining <= 1}>
          Cancel
        </Button>
      </section>
    );
  }

  return (
    <section className="presession presession--countdown" aria-label="Starting">
      <p className="countdown countdown--go" role="status">
        Breathe in
      </p>
    </section>
  );
}
