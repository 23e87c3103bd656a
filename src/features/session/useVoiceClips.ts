import { useEffect, useState } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../domain/i18n/locales';
import type { VoiceClips } from '../../domain/programs/voiceClips';
import { loadVoiceClips } from './voiceCueFiles';

type VoiceClipsState =
  { status: 'off' | 'loading' | 'failed'; clips: null } | { status: 'ready'; clips: VoiceClips };

/**
 * The recorded step names in `locale` when the spoken cues are `on`, loaded once per page and
 * language. A language whose recordings fail to load gives 'failed': the track is the tones.
 */
export function useVoiceClips(on: boolean, locale: Locale = DEFAULT_LOCALE): VoiceClipsState {
  const [state, setState] = useState<VoiceClipsState>({
    status: on ? 'loading' : 'off',
    clips: null,
  });
  useEffect(() => {
    if (!on) {
      setState({ status: 'off', clips: null });
      return;
    }
    let live = true;
    // A change of language drops the other language's clips (a track never mixes two).
    setState((s) => (s.status === 'loading' ? s : { status: 'loading', clips: null }));
    loadVoiceClips(locale).then(
      (clips) => live && setState({ status: 'ready', clips }),
      () => live && setState({ status: 'failed', clips: null }),
    );
    return () => {
      live = false;
    };
  }, [on, locale]);
  return state;
}
