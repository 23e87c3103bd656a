/**
 * Sound beds (issue #47, item 2; docs/product.md § Sleep and sound): which beds exist and the
 * level a person chose, pure and small (the screens read it). The samples are made on the
 * device by ./soundBeds, loaded only when a bed is chosen; nothing is downloaded or streamed.
 */
export const SOUND_BEDS = ['none', 'brown', 'pink', 'rain'] as const;
export type SoundBed = (typeof SOUND_BEDS)[number];

export const SOUND_BED_LABELS: Readonly<Record<SoundBed, string>> = Object.freeze({
  none: 'None',
  brown: 'Brown noise',
  pink: 'Pink noise',
  rain: 'Rain',
});

const DEFAULT_SOUND_BED_LEVEL = 0.5;

/** A bed from anything stored (an unknown value is no bed). */
export function soundBed(value: unknown): SoundBed {
  return (SOUND_BEDS as readonly unknown[]).includes(value) ? (value as SoundBed) : 'none';
}

/** A bed level 0..1 from anything stored (a bad value falls back to the default). */
export function soundBedLevel(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_SOUND_BED_LEVEL;
  return Math.min(1, Math.max(0, value));
}
