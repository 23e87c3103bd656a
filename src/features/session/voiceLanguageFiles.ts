/**
 * Where the recorded step names of the languages other than English are (src/assets/voice/
 * <locale>/, made by scripts/voice-cues.mjs). Loaded by ./voiceCueFiles only when a session's
 * language is one of them, so neither this list nor the recordings are part of the first
 * load or of the install (scripts/precache/precachePolicy.ts names this module on demand; the
 * service worker caches the files under /assets/ when first fetched, so a chosen language's
 * voice plays offline after its first session online).
 */
import type { Locale } from '../../domain/i18n/locales';
import type { StepKind } from '../../domain/programs/programTypes';

/** Built file URL by source path (`../../assets/voice/de/inhale.wav`). */
const FILES = import.meta.glob<string>('../../assets/voice/*/*.wav', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
});

/** The URL of each step kind's recording in `locale`; a kind without one is missing. */
export function voiceFileUrls(locale: Locale): Partial<Record<StepKind, string>> {
  const prefix = `../../assets/voice/${locale}/`;
  const urls: Partial<Record<StepKind, string>> = {};
  for (const [path, url] of Object.entries(FILES))
    if (path.startsWith(prefix)) urls[path.slice(prefix.length, -'.wav'.length) as StepKind] = url;
  return urls;
}
