/**
 * Clips for Chromium's fake camera (`--use-file-for-fake-video-capture`), made by the
 * tests themselves with Debian's ffmpeg from real photographs (./photos.ts): a 320x240
 * window over a scene of a photo (a person, an empty room, an object on a sofa), moved by
 * a known sine (breathing: the picture rises and falls as a chest and head do), by random
 * jumps (restlessness), or not at all. Each clip lasts a whole number of breaths, so the
 * camera's loop joins without a jump. Clips are cached per run in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHOTO_SCENES, photoPath, type SceneName } from './photos';

export const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
/** Frames per second of every clip. */
export const CLIP_FPS = 10;
const W = 320;
const H = 240;
/** The person whose photo the clips show unless told otherwise. */
export const DEFAULT_PERSON: SceneName = 'woman-blonde-curls';

export type ClipKind = (
  | { kind: 'still' }
  | { kind: 'breathing'; breathsPerMinute: number; amplitudePx?: number }
  | { kind: 'restless'; jitterPx?: number }
) & { scene?: SceneName };

const dir = join(
  tmpdir(),
  `pneuma-vision-clips-${process.env.E2E_DATA_DIR?.split('/').pop() ?? process.pid}`,
);

function nameOf(c: ClipKind): string {
  const scene = c.scene ?? DEFAULT_PERSON;
  if (c.kind === 'breathing')
    return `${scene}-breathing-${c.breathsPerMinute}-${c.amplitudePx ?? 5}`;
  if (c.kind === 'restless') return `${scene}-restless-${c.jitterPx ?? 14}`;
  return `${scene}-still`;
}

/** The .y4m file for a clip (made once per run), `seconds` long (rounded to whole breaths). */
export function makeClip(clip: ClipKind, seconds: number): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${nameOf(clip)}-${seconds}.y4m`);
  if (existsSync(file)) return file;
  const scene = PHOTO_SCENES[clip.scene ?? DEFAULT_PERSON];
  // Photo pixels per clip pixel; the window keeps clear of the photo's edges when it moves.
  const scale = scene.width / W;
  const reach =
    clip.kind === 'breathing'
      ? (clip.amplitudePx ?? 5)
      : clip.kind === 'restless'
        ? (clip.jitterPx ?? 14)
        : 0;
  const x0 = Math.max(scene.x, Math.ceil(reach * scale));
  const y0 = Math.max(scene.y, Math.ceil(reach * scale));
  let duration = seconds;
  let x = `${x0}`;
  let y = `${y0}`;
  if (clip.kind === 'breathing') {
    const period = 60 / clip.breathsPerMinute;
    duration = Math.max(1, Math.round(seconds / period)) * period;
    const a = (clip.amplitudePx ?? 5) * scale;
    // Chest and head rise on the inhale: the window moves down, the picture up.
    y = `${y0}+${a}*sin(2*PI*t/${period})`;
  } else if (clip.kind === 'restless') {
    const j = (clip.jitterPx ?? 14) * scale;
    x = `${x0}+${j}*(random(1)-0.5)*2`;
    y = `${y0}+${j}*(random(2)-0.5)*2`;
  }
  execFileSync(
    FFMPEG,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-loop',
      '1',
      '-framerate',
      String(CLIP_FPS),
      '-i',
      photoPath(clip.scene ?? DEFAULT_PERSON),
      '-vf',
      `crop=${scene.width}:${Math.round(scene.width * 0.75)}:'${x}':'${y}',scale=${W}:${H},format=yuv420p`,
      '-t',
      String(duration),
      '-r',
      String(CLIP_FPS),
      '-f',
      'yuv4mpegpipe',
      file,
    ],
    { stdio: 'pipe' },
  );
  return file;
}

/** Deletes this run's clips (a few tens of MB of raw video). */
export function removeClips(): void {
  rmSync(dir, { recursive: true, force: true });
}
