import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, LANGUAGES, type Locale } from '../../domain/i18n/locales';
import type { VoiceClips } from '../../domain/programs/voiceClips';
import { loadVoiceClips } from './voiceCueFiles';

type VoiceClipsState =
  | { status: 'off' | 'loading' | 'failed'; clips: null; note: null }
  | { status: 'ready'; clips: VoiceClips; note: string | null };

/** Said when a chosen language's recordings could not be fetched and English speaks instead. */
function voiceFallbackNote(locale: Locale): string {
  return `The voice in ${LANGUAGES[locale].english} could not be downloaded (it needs a connection the first time), so the cues speak English this session.`;
}

const OFF: VoiceClipsState = { status: 'off', clips: null, note: null };
const LOADING: VoiceClipsState = { status: 'loading', clips: null, note: null };

/**
 * The recorded step names in `locale` when the spoken cues are `on`, loaded once per page and
 * language (null: not known yet, 'loading'). A language other than English whose recordings do not all load (offline before
 * its first session, say) gives the English ones and a `note` saying so; when English fails
 * too, 'failed': the track is the tones.
 */
export function useVoiceClips(
  on: boolean,
  locale: Locale | null = DEFAULT_LOCALE,
): VoiceClipsState {
  const [state, setState] = useState<VoiceClipsState>(on ? LOADING : OFF);
  useEffect(() => {
    if (!on) {
      setState(OFF);
      return;
    }
    if (locale === null) return; // the language is not known yet: still loading
    let live = true;
    // A change of language drops the other language's clips (a track never mixes two).
    setState((s) => (s.status === 'loading' ? s : LOADING));
    const fail = () => live && setState({ status: 'failed', clips: null, note: null });
    loadVoiceClips(locale).then(
      (clips) => live && setState({ status: 'ready', clips, note: null }),
      () => {
        if (locale === DEFAULT_LOCALE) return fail();
        loadVoiceClips(DEFAULT_LOCALE).then(
          (clips) => live && setState({ status: 'ready', clips, note: voiceFallbackNote(locale) }),
          fail,
        );
      },
    );
    return () => {
      live = false;
    };
  }, [on, locale]);
  return state;
}
