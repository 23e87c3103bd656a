/**
 * Plays a session's cue track (src/domain/programs/cueTrack.ts) through an <audio>
 * element, for every kind of session: a pattern (one breathe segment, per round) and a
 * program. A playing media element keeps sounding with the screen locked (iOS 15.4+ in a
 * home-screen app, Android Chrome), where page timers and Web Audio are stopped.
 *
 * The guide follows the audio's clock while both run (`followAudio`, the one loop every
 * session uses): `elapsedMs()` reads the session's active time off `audio.currentTime`.
 * When the two are far apart (the device stopped the audio in the background, or it never
 * started), the audio is moved to the guide instead.
 */
import {
  CUE_SAMPLE_RATE,
  cueTrackPlan,
  renderWav,
  type CueMix,
  type CueTrackPlan,
} from '../../domain/programs/cueTrack';
import type { Timeline } from '../../domain/programs/timeline';
import type { RunState } from '../../domain/programs/timelineRun';

/** The guide follows the audio when they differ by more than this (a frame)... */
const FOLLOW_AUDIO_OVER_MS = 12;
/** ...and up to this; beyond it the audio is moved to the guide. */
const RESEEK_AUDIO_OVER_MS = 1500;

declare global {
  interface Window {
    /** The current cue track, for the browser tests (e2e/programs.spec.ts, session-cue-track.spec.ts). */
    __pneumaCueTrack?: {
      blob: Blob;
      /** The session's active ms at the track's 0 ms. */
      originMs: number;
      onsetsMs: number[];
      fromStep: number;
      /** Whether the step names are spoken in it. */
      voice: boolean;
      /** Whether the step tones are in it. */
      tones: boolean;
    };
  }
}

export class CueTrackPlayer {
  private url: string | null = null;
  private plan: CueTrackPlan | null = null;
  private volume = 0;
  private mix: CueMix = {};
  /** Active ms of the session where the timeline's 0 ms falls (a pattern's later round). */
  private baseMs = 0;
  private unlocked = false;

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

  /** The session's active ms at the start of the current track. */
  get originMs(): number {
    return this.baseMs + (this.plan?.originMs ?? 0);
  }

  /** Whether a step of the track begins after active ms `fromMs` and by `toMs`. */
  stepBeginsWithin(fromMs: number, toMs: number): boolean {
    const origin = this.originMs;
    return (this.plan?.cues ?? []).some(
      (c) => c.stepIndex >= 0 && origin + c.atMs > fromMs && origin + c.atMs <= toMs,
    );
  }

  /**
   * Called in a user gesture (the 'Start' tap) before a track is loaded: a moment of
   * silence played then lets this element play later without one (iOS, autoplay rules).
   */
  unlock(): void {
    if (this.unlocked || this.plan) return;
    this.unlocked = true;
    const silence = renderWav(
      { fromStep: 0, originMs: 0, cues: [], lengthMs: 50, endsInRetention: false, endMs: null },
      0,
    );
    this.setSource(new Blob([silence.buffer as ArrayBuffer], { type: 'audio/wav' }));
    this.audio.play().then(
      () => {
        if (!this.plan) this.audio.pause();
      },
      () => {}, // not allowed, or replaced by the track already
    );
  }

  private setSource(blob: Blob): void {
    const url = URL.createObjectURL(blob);
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = url;
    this.audio.src = url;
    this.audio.load();
  }

  /**
   * Renders the track from step `fromStep` and loads it (not yet playing). `baseMs`: the
   * session's active ms at the timeline's 0 ms (a pattern's round after a retention).
   */
  load(
    t: Timeline,
    run: RunState,
    fromStep: number,
    volume: number,
    mix: CueMix = {},
    baseMs = 0,
  ): CueTrackPlan {
    const plan = cueTrackPlan(t, run, fromStep);
    const wav = renderWav(plan, volume, CUE_SAMPLE_RATE, mix);
    this.volume = volume;
    this.mix = mix;
    this.baseMs = baseMs;
    const blob = new Blob([wav.buffer as ArrayBuffer], { type: 'audio/wav' });
    this.plan = plan;
    this.setSource(blob);
    // The current track only (the <audio> element holds it anyway).
    window.__pneumaCueTrack = {
      blob,
      originMs: this.originMs,
      fromStep,
      onsetsMs: plan.cues.filter((c) => c.stepIndex >= 0).map((c) => c.atMs),
      voice: Boolean(mix.voice),
      tones: mix.tones !== false,
    };
    return plan;
  }

  /** Starts or resumes at the session's active time `atMs`; false when the browser refused. */
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

  /** The session's sound switch: a muted track plays on silently (its clock keeps running). */
  set muted(on: boolean) {
    this.audio.muted = on;
  }

  get playing(): boolean {
    return !this.audio.paused && !this.audio.ended;
  }

  /** The session's active ms by the audio's clock, or null when the audio is not running. */
  elapsedMs(): number | null {
    const a = this.audio;
    if (!this.plan || a.paused || a.ended || a.seeking || a.readyState < 2) return null;
    return this.originMs + a.currentTime * 1000;
  }

  /** Moves the audio to the session's active time `atMs` (when the guide is the one to trust). */
  seekTo(atMs: number): void {
    if (!this.plan) return;
    const s = Math.max(0, (atMs - this.originMs) / 1000);
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

/** How often the guide is compared with the audio. */
const FOLLOW_EVERY_MS = 200;
/**
 * The audio counts as a clock only while its offset from the page clock holds still: the
 * last FOLLOW_LOOKS looks found the same offset within SAME_OFFSET_WITHIN_MS. A playing
 * track keeps a fixed offset (both are real time); a stalled or seeking track, or a page
 * clock that jumps (Playwright's fake clock in the browser tests), does not, and is not
 * followed: past RESEEK_AUDIO_OVER_MS the audio is moved to the guide instead.
 */
const FOLLOW_LOOKS = 3;
const SAME_OFFSET_WITHIN_MS = 8;

/** The session a follower keeps on the audio clock. */
interface FollowedRun {
  /** The session's active ms at monotonic `now`, or null when it does not run (paused, a hold). */
  activeMs(now: number): number | null;
  /** Moves the session so its active ms at `now` is `elapsedMs` (the machine's ALIGN). */
  align(now: number, elapsedMs: number): void;
  /** Back in front, the audio had stopped in the background (it is started again). */
  onAudioStopped?(): void;
}

declare global {
  interface Window {
    /** What the follower did, for the browser tests: moves of the guide and of the audio. */
    __pneumaFollow?: { aligns: number; seeks: number; lastOffsetMs: number | null };
  }
}

/**
 * The one "follow the audio" loop of every session: every FOLLOW_EVERY_MS, and when the
 * page comes back to the front, the guide is moved to the audio's clock when they differ
 * by more than FOLLOW_AUDIO_OVER_MS (and the offset holds still), or the audio is moved to
 * the guide when they differ by more than RESEEK_AUDIO_OVER_MS. Returns stop.
 */
export function followAudio(player: CueTrackPlayer, run: FollowedRun): () => void {
  const probe = (window.__pneumaFollow ??= { aligns: 0, seeks: 0, lastOffsetMs: null });
  let offsets: number[] = [];
  const look = () => {
    const now = performance.now();
    const active = run.activeMs(now);
    const heard = active === null || active < player.originMs ? null : player.elapsedMs();
    if (active === null || heard === null) {
      offsets = [];
      return;
    }
    const diff = active - heard;
    probe.lastOffsetMs = diff;
    if (Math.abs(diff) > RESEEK_AUDIO_OVER_MS) {
      player.seekTo(active);
      probe.seeks++;
      offsets = [];
      return;
    }
    offsets = [...offsets, diff].slice(-FOLLOW_LOOKS);
    const still =
      offsets.length === FOLLOW_LOOKS &&
      Math.max(...offsets) - Math.min(...offsets) <= SAME_OFFSET_WITHIN_MS;
    if (still && Math.abs(diff) > FOLLOW_AUDIO_OVER_MS) {
      // The screen never steps back: when the audio is behind by a step the guide has already
      // shown (it started late), the audio catches up instead of the guide going back to it.
      if (diff > 0 && player.stepBeginsWithin(heard, active)) {
        player.seekTo(active);
        probe.seeks++;
      } else {
        run.align(now, heard);
        probe.aligns++;
      }
      offsets = [];
    }
  };
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    const active = run.activeMs(performance.now());
    if (active === null) return;
    const heard = player.elapsedMs();
    if (heard === null || Math.abs(active - heard) > RESEEK_AUDIO_OVER_MS) {
      offsets = [];
      void player.play(active);
      run.onAudioStopped?.();
    } else look();
  };
  const id = setInterval(look, FOLLOW_EVERY_MS);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(id);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
