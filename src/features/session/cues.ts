/**
 * Cues at phase changes: Web Audio tones scheduled ahead on the audio clock (they stay on
 * time in a throttled tab), optional spoken cues (speechSynthesis) and a distinct
 * vibration per phase where navigator.vibrate exists. The scheduler asks the breath clock
 * for upcoming boundaries; it never computes a schedule itself.
 */
import {
  PHASE_LABELS,
  upcomingBoundaries,
  type BreathSchedule,
  type ClockState,
  type PhaseName,
} from '../../domain/breathClock';
import { recordAudioPlan, timingProbe, type AudioPlanEntry } from './timingProbe';

/** Tone per phase: pitch (Hz) and length (s). Rising for inhale, falling for exhale. */
const TONES: Record<PhaseName, { from: number; to: number; length: number }> = {
  inhale: { from: 396, to: 528, length: 0.35 },
  hold: { from: 440, to: 440, length: 0.2 },
  exhale: { from: 528, to: 352, length: 0.45 },
  pause: { from: 330, to: 330, length: 0.2 },
};

/** Distinct vibration per phase (ms on/off). */
export const VIBRATION: Record<PhaseName, number[]> = {
  inhale: [80],
  hold: [40, 60, 40],
  exhale: [200],
  pause: [30, 40, 30, 40, 30],
};

const LOOKAHEAD_MS = 3000; // longer than a throttled tab's 1 s timer
const PUMP_EVERY_MS = 200;

export interface CueSource {
  schedule: BreathSchedule;
  clock: ClockState;
  /** Active offset of the current round and its end (exclusive). */
  originMs: number;
  endOffsetMs: number;
  round: number;
}

type AudioContextCtor = typeof AudioContext;

export class AudioCueScheduler {
  private ctx: AudioContext | null = null;
  private bus: GainNode | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private scheduled = new Map<
    string,
    { osc: OscillatorNode; gain: GainNode; plan: AudioPlanEntry }
  >();
  private source: (() => CueSource | null) | null = null;
  private enabled = true;

  /** Creates or resumes the audio context. Call from a user gesture (autoplay policy). */
  unlock(): void {
    const Ctor: AudioContextCtor | undefined =
      typeof window === 'undefined'
        ? undefined
        : (window.AudioContext ??
          (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext);
    if (!Ctor) return;
    if (!this.ctx) {
      this.ctx = new Ctor({ latencyHint: 'interactive' });
      this.bus = this.ctx.createGain();
      this.bus.gain.value = 0.6;
      this.bus.connect(this.ctx.destination);
      const probe = timingProbe();
      if (probe) {
        probe.audioContext = this.ctx;
        probe.cueBus = this.bus;
      }
    }
    if (this.ctx.state === 'suspended') void this.ctx.resume().catch(() => {});
  }

  get available(): boolean {
    return this.ctx !== null;
  }

  start(source: () => CueSource | null): void {
    this.source = source;
    if (this.timer === null) this.timer = setInterval(() => this.pump(), PUMP_EVERY_MS);
    this.pump();
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.cancelAll();
    else this.pump();
  }

  /** Forget everything scheduled (pause, stop, mute); the next pump re-plans from the clock. */
  cancelAll(): void {
    const now = this.ctx?.currentTime ?? 0;
    for (const { osc, gain, plan } of this.scheduled.values()) {
      if (plan.contextTime > now) plan.cancelled = true;
      try {
        gain.gain.cancelScheduledValues(now);
        osc.stop();
      } catch {
        /* already stopped */
      }
    }
    this.scheduled.clear();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.source = null;
    this.cancelAll();
  }

  dispose(): void {
    this.stop();
    void this.ctx?.close().catch(() => {});
    this.ctx = null;
    this.bus = null;
  }

  /** performance.now() ms -> audio context seconds, using the output timestamp when known. */
  private toContextTime(perfMs: number): number {
    const ctx = this.ctx!;
    const ts = ctx.getOutputTimestamp?.();
    if (ts && ts.performanceTime && ts.contextTime !== undefined) {
      return ts.contextTime + (perfMs - ts.performanceTime) / 1000;
    }
    return ctx.currentTime + (perfMs - performance.now()) / 1000;
  }

  /** Plans the tones of the boundaries inside the lookahead window. */
  pump(): void {
    const ctx = this.ctx;
    const src = this.source?.();
    if (!ctx || !this.bus || !src || !this.enabled || ctx.state !== 'running') return;
    const now = performance.now();
    const list = upcomingBoundaries(
      src.schedule,
      src.clock,
      now,
      LOOKAHEAD_MS,
      src.originMs,
      src.endOffsetMs,
    );
    for (const b of list) {
      const key = `${src.round}:${b.boundaryIndex}`;
      if (this.scheduled.has(key)) continue;
      const when = this.toContextTime(b.atMs);
      if (when < ctx.currentTime) continue; // too late to sound on time: skip rather than play late
      const tone = TONES[b.phase];
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(tone.from, when);
      osc.frequency.linearRampToValueAtTime(tone.to, when + tone.length);
      gain.gain.setValueAtTime(0, when);
      gain.gain.linearRampToValueAtTime(0.5, when + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, when + tone.length);
      osc.connect(gain).connect(this.bus);
      osc.start(when);
      osc.stop(when + tone.length + 0.05);
      osc.onended = () => {
        this.scheduled.delete(key);
        osc.disconnect();
        gain.disconnect();
      };
      const plan: AudioPlanEntry = {
        boundary: b.boundaryIndex,
        round: src.round,
        phase: b.phase,
        scheduledAt: b.atMs,
        contextTime: when,
      };
      this.scheduled.set(key, { osc, gain, plan });
      recordAudioPlan(plan);
    }
  }
}

export function vibrateFor(phase: PhaseName): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
    navigator.vibrate(VIBRATION[phase]);
}

export function speakPhase(phase: PhaseName): void {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return;
  const u = new SpeechSynthesisUtterance(PHASE_LABELS[phase]);
  u.rate = 0.9;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window;
}
