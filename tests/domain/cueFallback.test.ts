/**
 * Which cues play on a device that cannot do all that was chosen (src/domain/cueFallback.ts).
 * Does not prove: that tones then sound (e2e/missing-apis.spec.ts shows the summary in Chromium without navigator.vibrate).
 */
import { describe, expect, it } from 'vitest';
import { describeCueChannels } from '../../src/domain/cueDesign';
import { cuesOnDevice } from '../../src/domain/cueFallback';

const all = { canSpeak: true, canVibrate: true };
const noVibration = { canSpeak: true, canVibrate: false };

describe('cuesOnDevice', () => {
  it('keeps the choice where the device can do it all', () => {
    const choice = { voice: true, tones: false, vibration: true };
    expect(cuesOnDevice(choice, all)).toEqual(choice);
  });

  it('plays a chosen vibration as tones on a device without navigator.vibrate (Safari on iOS)', () => {
    expect(cuesOnDevice({ voice: false, tones: false, vibration: true }, noVibration)).toEqual({
      voice: false,
      tones: true,
      vibration: false,
    });
    expect(describeCueChannels(cuesOnDevice({ voice: false, tones: false, vibration: true }, noVibration))).toBe('Tones');
  });

  it('silence stays silence, and a voice the browser cannot speak is dropped', () => {
    expect(cuesOnDevice({ voice: false, tones: false, vibration: false }, noVibration)).toEqual({
      voice: false,
      tones: false,
      vibration: false,
    });
    expect(cuesOnDevice({ voice: true, tones: true, vibration: false }, { canSpeak: false, canVibrate: false })).toEqual({
      voice: false,
      tones: true,
      vibration: false,
    });
  });
});
