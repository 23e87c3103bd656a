/**
 * A cheap, always-on record of when the UI switched phase, next to when the breath clock
 * scheduled the switch (the cues' own times are the cue track's: window.__pneumaCueTrack). The timing benchmark (bench/session-timing.ts)
 * reads `window.__pneumaTiming`; nothing else does. Bounded: the newest 5,000 entries.
 */
interface TimingEntry {
  /** Running boundary number inside the round. */
  boundary: number;
  round: number;
  phase: string;
  /** performance.now() time the clock scheduled the boundary for. */
  scheduledAt: number;
  /** performance.now() time the DOM showed the new phase (written in the frame callback). */
  actualAt: number;
}

/**
 * A guide animation started for a round: the start time its clock resolved to (document
 * timeline, the same clock as performance.now()) next to the round's start on the breath
 * clock. Every boundary of the round is a fixed offset in the animation, so this gap is
 * the shapes' boundary error.
 */
interface GuideStartEntry {
  round: number;
  expectedStart: number;
  animationStart: number;
}

interface TimingProbe {
  ui: TimingEntry[];
  guideStarts?: GuideStartEntry[];
}

const LIMIT = 5000;

declare global {
  interface Window {
    __pneumaTiming?: TimingProbe;
  }
}

export function timingProbe(): TimingProbe | null {
  if (typeof window === 'undefined') return null;
  window.__pneumaTiming ??= { ui: [] };
  return window.__pneumaTiming;
}

function push<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > LIMIT) list.splice(0, list.length - LIMIT);
}

export function recordUiSwitch(entry: TimingEntry): void {
  const probe = timingProbe();
  if (probe) push(probe.ui, entry);
}

export function recordGuideStart(entry: GuideStartEntry): void {
  const probe = timingProbe();
  if (probe) push((probe.guideStarts ??= []), entry);
}
