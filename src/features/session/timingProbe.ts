/**
 * A cheap, always-on record of when the UI and the audio cue switched phase, next to
 * when the breath clock scheduled the switch. The timing benchmark (bench/session-timing.ts)
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

/** A tone planned on the audio clock for a boundary. */
export interface AudioPlanEntry {
  boundary: number;
  round: number;
  phase: string;
  scheduledAt: number;
  /** AudioContext time (s) the tone starts at. */
  contextTime: number;
  /** Cancelled before it sounded (pause, mute, stop). */
  cancelled?: boolean;
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
  audioPlanned: AudioPlanEntry[];
  guideStarts?: GuideStartEntry[];
  /** The audio context and the bus the cues play through, for the benchmark's onset detector. */
  audioContext?: AudioContext;
  cueBus?: AudioNode;
}

const LIMIT = 5000;

declare global {
  interface Window {
    __pneumaTiming?: TimingProbe;
  }
}

export function timingProbe(): TimingProbe | null {
  if (typeof window === 'undefined') return null;
  window.__pneumaTiming ??= { ui: [], audioPlanned: [] };
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

export function recordAudioPlan(entry: AudioPlanEntry): void {
  const probe = timingProbe();
  if (probe) push(probe.audioPlanned, entry);
}

export function recordGuideStart(entry: GuideStartEntry): void {
  const probe = timingProbe();
  if (probe) push((probe.guideStarts ??= []), entry);
}
