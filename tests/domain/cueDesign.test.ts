import { describe, expect, it } from 'vitest';
import {
  PHASE_TONES,
  PHASE_VIBRATION,
  cueVolume,
  DEFAULT_CUE_VOLUME,
  describeCueChannels,
  phaseAnnouncement,
} from '../../src/domain/cueDesign';

describe('tones per phase', () => {
  it('rise on the inhale, fall on the exhale, tick on the holds', () => {
    expect(PHASE_TONES.inhale.toHz).toBeGreaterThan(PHASE_TONES.inhale.fromHz);
    expect(PHASE_TONES.exhale.toHz).toBeLessThan(PHASE_TONES.exhale.fromHz);
    expect(PHASE_TONES.hold.kind).toBe('tick');
    expect(PHASE_TONES.pause.kind).toBe('tick');
    expect(PHASE_TONES.hold.lengthS).toBeLessThan(0.2);
    // The two holds are told apart by pitch.
    expect(PHASE_TONES.hold.fromHz).not.toBe(PHASE_TONES.pause.fromHz);
  });
});

describe('vibration per phase (issue #47, item 4)', () => {
  it('one pulse for the inhale, two for the exhale, one long pulse for either hold', () => {
    const on = (p: readonly number[]) => p.filter((_, i) => i % 2 === 0);
    expect(on(PHASE_VIBRATION.inhale)).toHaveLength(1);
    expect(on(PHASE_VIBRATION.exhale)).toHaveLength(2);
    expect(on(PHASE_VIBRATION.hold)).toHaveLength(1);
    expect(on(PHASE_VIBRATION.pause)).toHaveLength(1);
    // The hold's pulse is long: more than three times the inhale's, so it is felt as long.
    expect(PHASE_VIBRATION.hold[0]!).toBeGreaterThan(3 * PHASE_VIBRATION.inhale[0]!);
    // The exhale's two pulses are apart by a gap a hand can feel (over 100 ms).
    expect(PHASE_VIBRATION.exhale[1]!).toBeGreaterThan(100);
  });
});

describe('the cue choice', () => {
  it('reads as words, and no channel is silence', () => {
    expect(describeCueChannels({ voice: false, tones: true, vibration: true })).toBe(
      'Tones and vibration',
    );
    expect(describeCueChannels({ voice: true, tones: true, vibration: true })).toBe(
      'Voice, tones and vibration',
    );
    expect(describeCueChannels({ voice: true, tones: false, vibration: false })).toBe('Voice');
    expect(describeCueChannels({ voice: false, tones: false, vibration: false })).toBe(
      'Silent: the screen alone guides you',
    );
  });

  it('keeps the volume within 0..1 and falls back on bad stored values', () => {
    expect(cueVolume(0.3)).toBe(0.3);
    expect(cueVolume(4)).toBe(1);
    expect(cueVolume(-1)).toBe(0);
    expect(cueVolume('loud')).toBe(DEFAULT_CUE_VOLUME);
    expect(cueVolume(Number.NaN)).toBe(DEFAULT_CUE_VOLUME);
  });
});

describe('the phase announcement', () => {
  it('names the phase and its seconds, and the last cycle', () => {
    expect(phaseAnnouncement('Hold', 4, false)).toBe('Hold, 4 seconds');
    expect(phaseAnnouncement('Inhale', 4, true)).toBe('Last cycle. Inhale, 4 seconds');
  });
});
