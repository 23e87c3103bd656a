/**
 * Plays a program's cue track (src/domain/programs/cueTrack.ts) through an <audio>
 * element: a playing media element keeps sounding with the screen locked (iOS 15.4+ in a
 * home-screen app, Android Chrome), where page timers and Web Audio are stopped.
 *
 * The guide follows the audio's clock while both run: `elapsedMs()` reads the program's
 * active time off `audio.currentTime`. When the two are far apart (the device stopped the
 * audio in the background, or it never started), the audio is moved to the guide instead.
 */
import {
  CUE_SAMPLE_RATE,
  cueTrackPlan,
  renderWav,
  type CueMix,
  type CueTrackPlan,
} from '../../domain/programs/cueTrack';
import type { RunState, Timeline } from '../../domain/programs/timeline';

/** The guide follows the audio when they differ by more than this... */
export const FOLLOW_AUDIO_OVER_MS = 40;
/** ...and up to this; beyond it the audio is moved to the guide. */
export const RESEEK_AUDIO_OVER_MS = 1500;

declare global {
  interface Window {
    /** The current cue track, for the browser tests (e2e/programs.spec.ts). */
    __pneumaCueTrack?: {
      blob: Blob;
      originMs: number;
      onsetsMs: number[];
      fromStep: number;
      /** Whether the step names are spoken in it. */
      voice: boolean;
    };
  }
}

export class CueTrackPlayer {
  private url: string | null = null;
  private plan: CueTrackPlan | null = null;
  private volume = 0;
  private mix: CueMix = {};

  constructor(private readonly audio: HTMLAudioElement) {}

  get currentPlan(): CueTrackPlan | null {
    return this.plan;
  }

  get currentVolume(): number {
    return this.volume;
  }

  get currentMix(): CueMix {
    return this.mix;
  }

  /** Renders the track from step `fromStep` and loads it (not yet playing). */
  load(t: Timeline, run: RunState, fromStep: number, volume: number, mix: CueMix = {}): CueTrackPlan {
    const plan = cueTrackPlan(t, run, fromStep);
    const wav = renderWav(plan, volume, CUE_SAMPLE_RATE, mix);
    this.volume = volume;
    this.mix = mix;
    const blob = new Blob([wav.buffer as ArrayBuffer], { type: 'audio/wav' });
    const url = URL.createObjectURL(blob);
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = url;
    this.plan = plan;
    this.audio.src = url;
    this.audio.load();
    // The current track only (the <audio> element holds it anyway).
    window.__pneumaCueTrack = {
      blob,
      originMs: plan.originMs,
      fromStep,
      onsetsMs: plan.cues.filter((c) => c.stepIndex >= 0).map((c) => c.atMs),
      voice: Boolean(mix.voice),
    };
    return plan;
  }

  /** Starts or resumes at the program's active time `atMs`; false when the browser refused. */
  async play(atMs?: number): Promise<boolean> {
    if (!this.plan) return false;
    if (atMs !== undefined) this.seekTo(atMs);
    try {
      await this.audio.play();
      return true;
    } catch {
      return false;
    }
  }

  pause(): void {
    this.audio.pause();
  }

  get playing(): boolean {
    return !this.audio.paused && !this.audio.ended;
  }

  /** The program's active ms by the audio's clock, or null when the audio is not running. */
  elapsedMs(): number | null {
    const a = this.audio;
    if (!this.plan || a.paused || a.ended || a.seeking || a.readyState < 2) return null;
    return this.plan.originMs + a.currentTime * 1000;
  }

  /** Moves the audio to the program's active time `atMs` (when the guide is the one to trust). */
  seekTo(atMs: number): void {
    if (!this.plan) return;
    const s = Math.max(0, (atMs - this.plan.originMs) / 1000);
    if (Number.isFinite(s) && Math.abs(this.audio.currentTime - s) > 0.01)
      this.audio.currentTime = s;
  }

  dispose(): void {
    this.audio.pause();
    this.audio.removeAttribute('src');
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
    this.plan = null;
  }
}
