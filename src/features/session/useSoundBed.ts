import { useEffect, useMemo, useState } from 'react';
import { CUE_SAMPLE_RATE, type CueMix } from '../../domain/programs/cueTrack';
import { soundBed, soundBedLevel } from '../../domain/soundBedChoice';

/**
 * The chosen sound bed (docs/product.md § Sleep and sound) as the cue track mixes it: its
 * loop, made on this device by domain/soundBeds (loaded on demand, never with the first
 * page), at the chosen level; null with no bed, or until the loop is made (a moment).
 */
export function useSoundBed(bedValue: unknown, levelValue: unknown): CueMix['bed'] {
  const bed = soundBed(bedValue);
  const level = soundBedLevel(levelValue);
  const [loop, setLoop] = useState<{ bed: string; samples: Float32Array } | null>(null);
  useEffect(() => {
    if (bed === 'none') return;
    let live = true;
    void import('../../domain/soundBeds').then(({ renderBedLoop }) => {
      if (live) setLoop({ bed, samples: renderBedLoop(bed, CUE_SAMPLE_RATE) });
    });
    return () => {
      live = false;
    };
  }, [bed]);
  return useMemo(
    () => (bed !== 'none' && loop?.bed === bed ? { loop: loop.samples, level } : null),
    [bed, loop, level],
  );
}
