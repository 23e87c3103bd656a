/**
 * Clips for Chromium's fake camera (`--use-file-for-fake-video-capture`), made by the
 * tests themselves with Debian's ffmpeg from the drawn scenes: a 320x240 window over the
 * scene, moved by a known sine (breathing), by random jumps (restlessness), or not at all.
 * Each clip lasts a whole number of breaths, so the camera's loop joins without a jump.
 * Clips are cached per run in a temporary folder.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyScene, personScene, SCENE } from './scene';

export const FFMPEG = process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
/** Frames per second of every clip. */
export const CLIP_FPS = 10;
const W = 320;
const H = 240;
const X0 = (SCENE.width - W) / 2;
const Y0 = 30;

export type ClipKind =
  | { kind: 'still' }
  | { kind: 'breathing'; breathsPerMinute: number; amplitudePx?: number }
  | { kind: 'restless'; jitterPx?: number }
  | { kind: 'empty' };

const dir = join(
  tmpdir(),
  `pneuma-vision-clips-${process.env.E2E_DATA_DIR?.split('/').pop() ?? process.pid}`,
);

function scenePng(name: 'person' | 'empty'): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  if (!existsSync(file)) writeFileSync(file, name === 'person' ? personScene() : emptyScene());
  return file;
}

function nameOf(c: ClipKind): string {
  if (c.kind === 'breathing') return `breathing-${c.breathsPerMinute}-${c.amplitudePx ?? 5}`;
  if (c.kind === 'restless') return `restless-${c.jitterPx ?? 14}`;
  return c.kind;
}

/** The .y4m file for a clip (made once per run), `seconds` long (rounded to whole breaths). */
export function makeClip(clip: ClipKind, seconds: number): string {
  const file = join(dir, `${nameOf(clip)}-${seconds}.y4m`);
  if (existsSync(file)) return file;
  let duration = seconds;
  let x = `${X0}`;
  let y = `${Y0}`;
  if (clip.kind === 'breathing') {
    const period = 60 / clip.breathsPerMinute;
    duration = Math.max(1, Math.round(seconds / period)) * period;
    const a = clip.amplitudePx ?? 5;
    // Chest and head rise on the inhale: the window moves down, the picture up.
    y = `${Y0}+${a}*sin(2*PI*t/${period})`;
  } else if (clip.kind === 'restless') {
    const j = clip.jitterPx ?? 14;
    x = `${X0}+${j}*(random(1)-0.5)*2`;
    y = `${Y0}+${j}*(random(2)-0.5)*2`;
  }
  const input = scenePng(clip.kind === 'empty' ? 'empty' : 'person');
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
      input,
      '-vf',
      `crop=${W}:${H}:'${x}':'${y}',format=yuv420p`,
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
