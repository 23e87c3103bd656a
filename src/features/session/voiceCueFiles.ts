/**
 * Loads the recorded step names (src/assets/voice/, made by scripts/voice-cues.mjs) for the
 * cue track. They are build assets under /assets/, left out of the install (precache) and
 * cached by the service worker on first use (sw/sw.ts): a program screen asks for them when
 * the spoken cues are on, so after one program opened online they play offline too.
 */
import { CUE_SAMPLE_RATE } from '../../domain/programs/cueTrack';
import type { StepKind } from '../../domain/programs/programTypes';
import { readVoiceClip, VOICE_CLIP_KINDS, type VoiceClips } from '../../domain/programs/voiceClips';
import exhaleUrl from '../../assets/voice/exhale.wav?url&no-inline';
import holdUrl from '../../assets/voice/hold.wav?url&no-inline';
import inhaleUrl from '../../assets/voice/inhale.wav?url&no-inline';
import pauseUrl from '../../assets/voice/pause.wav?url&no-inline';
import restUrl from '../../assets/voice/rest.wav?url&no-inline';
import retentionUrl from '../../assets/voice/retention.wav?url&no-inline';
import topupUrl from '../../assets/voice/topup.wav?url&no-inline';

const URLS: Record<StepKind, string> = {
  inhale: inhaleUrl,
  topup: topupUrl,
  hold: holdUrl,
  exhale: exhaleUrl,
  pause: pauseUrl,
  retention: retentionUrl,
  rest: restUrl,
};

let loading: Promise<VoiceClips> | null = null;

async function loadOne(kind: StepKind): Promise<[StepKind, Float32Array]> {
  const res = await fetch(URLS[kind]);
  if (!res.ok) throw new Error(`The voice cue ${kind} answered ${res.status}`);
  return [kind, readVoiceClip(new Uint8Array(await res.arrayBuffer()), CUE_SAMPLE_RATE)];
}

/** Every recorded step name (all or none: a session never speaks some steps and not others). */
export function loadVoiceClips(): Promise<VoiceClips> {
  loading ??= Promise.all(VOICE_CLIP_KINDS.map(loadOne)).then(
    (pairs) => Object.fromEntries(pairs) as VoiceClips,
    (e: unknown) => {
      loading = null; // the next screen tries again (back online, say)
      throw e;
    },
  );
  return loading;
}
