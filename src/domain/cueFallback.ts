import type { CueChannels } from './cueDesign';

/** What the device can do for cues (measured in the page; unknown while prerendering). */
interface CueAbilities {
  canSpeak: boolean;
  canVibrate: boolean;
}

/**
 * The cues that play on this device: the person's choice without what the device cannot
 * do, and a chosen vibration the device cannot give (Safari on iOS has no
 * `navigator.vibrate`) plays as tones instead, so a cue chosen for closed eyes is never
 * silently lost (issue #37).
 */
export function cuesOnDevice(choice: CueChannels, can: CueAbilities): CueChannels {
  const vibrationLost = choice.vibration && !can.canVibrate;
  return {
    voice: choice.voice && can.canSpeak,
    tones: choice.tones || vibrationLost,
    vibration: choice.vibration && can.canVibrate,
  };
}
