/**
 * Cues at phase changes (docs/product.md § Breath timing): generated Web Audio tones
 * scheduled ahead on the audio clock (they stay on time in a throttled tab and with the
 * screen off), optional spoken cues (speechSynthesis) and a distinct vibration per phase
 * where navigator.vibrate exists. What each cue sounds or feels like is the domain's
 * (src/domain/cueDesign.ts); the scheduler asks the breath clock for upcoming boundaries
 * and never computes a schedule itself.
 */
import {
  upcomingBoundaries,
  wallTimeAt,
  type BreathSchedule,
  type ClockState,
  type PhaseName,
} from '../../domain/breathClock';
import {
  CLOSING_NOTES,
  CLOSING_NOTE_GAP_S,
  DEFAULT_CUE_VOLUME,
  LAST_CYCLE_BELL,
  PHASE_TONES,
  PHASE_VIBRATION,
  cueLookaheadMs,
  type ToneSpec,
} from '../../domain/cueDesign';
import { startsLastCycle } from '../../domain/sessionEnding';
import { recordAudioPlan, timingProbe, type AudioPlanEntry } from './timingProbe';

/** How often the plan is topped up (well inside the lookahead; resuming plans at once). */
const PUMP_EVERY_MS = 500;

export interface CueSource {
  schedule: BreathSchedule;
  clock: ClockState;
  /** Active offset of the current round and its end (exclusive). */
  originMs: number;
  endOffsetMs: number;
  round: number;
  /** The session ends at endOffsetMs (no retention hold follows): the closing notes play then. */
  closesSession: boolean;
}

type AudioContextCtor = typeof AudioContext;

interface Scheduled {
  nodes: { osc: OscillatorNode; gain: GainNode }[];
  /** Audio clock time the first tone starts. */
  startsAt: number;
  plan?: AudioPlanEntry;
}

const pageHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

export class AudioCueScheduler {
  private ctx: AudioContext | null = null;
  private bus: GainNode | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private scheduled = new Map<string, Scheduled>();
  private source: (() => CueSource | null) | null = null;
  private enabled = true;
  private volume = DEFAULT_CUE_VOLUME;
  private mediaElement: HTMLAudioElement | null = null;
  private readonly onVisibility = () => this.pump();

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
      this.bus.gain.value = this.volume;
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
    if (this.timer === null) {
      this.timer = setInterval(() => this.pump(), PUMP_EVERY_MS);
      if (typeof document !== 'undefined')
        document.addEventListener('visibilitychange', this.onVisibility);
    }
    this.pump();
  }

  /** Tones on or off (the session's sound switch and the person's tone choice together). */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    if (!enabled) this.cancelAll(true);
    else this.pump();
  }

  /** The tones' volume, 0..1; applies to tones already planned too. */
  setVolume(volume: number): void {
    this.volume = volume;
    if (this.ctx && this.bus) this.bus.gain.setTargetAtTime(volume, this.ctx.currentTime, 0.02);
  }

  /**
   * Media Session needs a playing media element before headphones and the lock screen
   * hand their play/pause to the page (Chrome shows no media controls for Web Audio
   * alone). While `on`, a silent stream from this context plays through an <audio>
   * element; the cues themselves still go straight to the speakers, on time.
   */
  holdMediaFocus(on: boolean): void {
    if (!on) {
      this.mediaElement?.pause();
      if (this.mediaElement) this.mediaElement.srcObject = null;
      this.mediaElement = null;
      return;
    }
    if (this.mediaElement || !this.ctx || typeof Audio === 'undefined') return;
    if (typeof this.ctx.createMediaStreamDestination !== 'function') return;
    const sink = this.ctx.createMediaStreamDestination();
    const el = new Audio();
    el.srcObject = sink.stream;
    this.mediaElement = el;
    void el.play().catch(() => {
      // not allowed without a gesture yet: media keys simply stay with the system
    });
  }

  /**
   * Forget everything scheduled (pause, stop, mute); the next pump re-plans from the clock.
   * A tone already sounding fades out by itself (the closing notes ring on past the end),
   * unless `silenceNow` (sound switched off).
   */
  cancelAll(silenceNow = false): void {
    const now = this.ctx?.currentTime ?? 0;
    for (const { nodes, plan, startsAt } of this.scheduled.values()) {
      if (startsAt <= now && !silenceNow) continue;
      if (plan && startsAt > now) plan.cancelled = true;
      for (const { osc, gain } of nodes) {
        try {
          gain.gain.cancelScheduledValues(now);
          osc.stop();
        } catch {
          /* already stopped */
        }
      }
    }
    this.scheduled.clear();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.source = null;
    if (typeof document !== 'undefined')
      document.removeEventListener('visibilitychange', this.onVisibility);
    this.cancelAll();
  }

  dispose(): void {
    this.stop();
    this.holdMediaFocus(false);
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

  /** One generated tone on the bus, starting at `when` (audio clock seconds). */
  private tone(spec: ToneSpec, when: number): { osc: OscillatorNode; gain: GainNode } {
    const ctx = this.ctx!;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    const end = when + spec.lengthS;
    osc.type = spec.kind === 'tick' ? 'triangle' : 'sine';
    osc.frequency.setValueAtTime(spec.fromHz, when);
    if (spec.toHz !== spec.fromHz) osc.frequency.exponentialRampToValueAtTime(spec.toHz, end);
    // A soft attack, then a long fade: a tick is struck, a sweep swells and settles.
    const attack = spec.kind === 'tick' ? 0.004 : 0.03;
    gain.gain.setValueAtTime(0, when);
    gain.gain.linearRampToValueAtTime(spec.peak, when + attack);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    osc.connect(gain).connect(this.bus!);
    osc.start(when);
    osc.stop(end + 0.05);
    return { osc, gain };
  }

  private plan(
    key: string,
    startsAt: number,
    nodes: Scheduled['nodes'],
    plan?: AudioPlanEntry,
  ): void {
    const entry: Scheduled = { nodes, startsAt, plan };
    this.scheduled.set(key, entry);
    const last = nodes[nodes.length - 1]!;
    last.osc.onended = () => {
      if (this.scheduled.get(key) === entry) this.scheduled.delete(key);
      for (const { osc, gain } of nodes) {
        osc.disconnect();
        gain.disconnect();
      }
    };
  }

  /** Plans the tones of the boundaries inside the lookahead window. */
  pump(): void {
    const ctx = this.ctx;
    const src = this.source?.();
    if (!ctx || !this.bus || !src || !this.enabled || ctx.state !== 'running') return;
    const now = performance.now();
    const horizon = cueLookaheadMs(pageHidden());
    const list = upcomingBoundaries(
      src.schedule,
      src.clock,
      now,
      horizon,
      src.originMs,
      src.endOffsetMs,
    );
    const phases = src.schedule.phases.length;
    const targetCycles = Math.round(src.endOffsetMs / src.schedule.cycleMs);
    for (const b of list) {
      const key = `${src.round}:${b.boundaryIndex}`;
      if (this.scheduled.has(key)) continue;
      const when = this.toContextTime(b.atMs);
      if (when < ctx.currentTime) continue; // too late to sound on time: skip rather than play late
      const nodes = [this.tone(PHASE_TONES[b.phase], when)];
      if (startsLastCycle(b.boundaryIndex, phases, targetCycles))
        nodes.push(this.tone(LAST_CYCLE_BELL, when));
      const plan: AudioPlanEntry = {
        boundary: b.boundaryIndex,
        round: src.round,
        phase: b.phase,
        scheduledAt: b.atMs,
        contextTime: when,
      };
      this.plan(key, when, nodes, plan);
      recordAudioPlan(plan);
    }
    // The close of a completed session, at its exact end.
    const endKey = `${src.round}:end`;
    const endAt = wallTimeAt(src.clock, src.originMs + src.endOffsetMs);
    if (
      src.closesSession &&
      endAt !== null &&
      endAt <= now + horizon &&
      !this.scheduled.has(endKey)
    ) {
      const when = this.toContextTime(endAt);
      if (when >= ctx.currentTime)
        this.plan(
          endKey,
          when,
          CLOSING_NOTES.map((note, i) => this.tone(note, when + i * CLOSING_NOTE_GAP_S)),
        );
    }
  }
}

export function vibrationAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

export function vibrateFor(phase: PhaseName): void {
  if (vibrationAvailable()) navigator.vibrate([...PHASE_VIBRATION[phase]]);
}

export function speechAvailable(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window;
}

/** Speaks a cue (cancelling one still speaking), at the cue volume. */
export function speak(text: string, volume: number): void {
  if (!speechAvailable()) return;
  const u = new SpeechSynthesisUtterance(text);
  u.rate = 0.9;
  u.volume = volume;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(u);
}
