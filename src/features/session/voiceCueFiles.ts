/**
 * Loads the recorded step names (src/assets/voice/, made by scripts/voice-cues.mjs) for the
 * cue track, in the session's language (English unless one is given; the other languages'
 * file list, ./voiceLanguageFiles, loads on demand). They are build assets under /assets/,
 * left out of the install (precache) and cached by the service worker on first use (sw/sw.ts):
 * a session screen asks for them when the spoken cues are on, so after one session opened
 * online they play offline too. A language without a complete set fails the load, and the
 * track is then made of the tones alone (useVoiceClips: status 'failed').
 */
import { DEFAULT_LOCALE, type Locale } from '../../domain/i18n/locales';
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

const loading = new Map<Locale, Promise<VoiceClips>>();

async function urlsFor(locale: Locale): Promise<Partial<Record<StepKind, string>>> {
  if (locale === 'en') return URLS;
  const { voiceFileUrls } = await import('./voiceLanguageFiles');
  return voiceFileUrls(locale);
}

async function loadOne(
  locale: Locale,
  kind: StepKind,
  url: string | undefined,
): Promise<[StepKind, Float32Array]> {
  if (!url) throw new Error(`No voice cue ${kind} in ${locale}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The voice cue ${kind} answered ${res.status}`);
  return [kind, readVoiceClip(new Uint8Array(await res.arrayBuffer()), CUE_SAMPLE_RATE)];
}

/**
 * Every recorded step name in `locale` (all or none: a session never speaks some steps and
 * not others, nor mixes two languages).
 */
export function loadVoiceClips(locale: Locale = DEFAULT_LOCALE): Promise<VoiceClips> {
  let clips = loading.get(locale);
  if (!clips) {
    clips = urlsFor(locale)
      .then((urls) => Promise.all(VOICE_CLIP_KINDS.map((k) => loadOne(locale, k, urls[k]))))
      .then(
        (pairs) => Object.fromEntries(pairs) as VoiceClips,
        (e: unknown) => {
          loading.delete(locale); // the next screen tries again (back online, say)
          throw e;
        },
      );
    loading.set(locale, clips);
  }
  return clips;
}
