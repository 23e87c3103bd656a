import { useEffect, useState } from 'react';
import type { VoiceClips } from '../../domain/programs/voiceClips';
import { loadVoiceClips } from './voiceCueFiles';

type VoiceClipsState =
  { status: 'off' | 'loading' | 'failed'; clips: null } | { status: 'ready'; clips: VoiceClips };

/** The recorded step names when the spoken cues are `on`, loaded once per page. */
export function useVoiceClips(on: boolean): VoiceClipsState {
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
    setState((s) => (s.status === 'ready' ? s : { status: 'loading', clips: null }));
    loadVoiceClips().then(
      (clips) => live && setState({ status: 'ready', clips }),
      () => live && setState({ status: 'failed', clips: null }),
    );
    return () => {
      live = false;
    };
  }, [on]);
  return state;
}
