/**
 * Real photographs for the camera tests: the six camera photos (Sony ILCE-7/7M2 and a
 * Samsung phone, 1920 px wide) that @vladmandic/face-api 1.7.15 ships in `demo/`
 * (MIT licence; a pinned devDependency, read from node_modules at test time, nothing
 * committed). Each scene is a 4:3 crop of one photo, shown to the camera at 320x240 as a
 * webcam would frame it: a person's head and shoulders, or a part of a room with nobody
 * in it, or an object on a sofa. The crops were chosen by looking at them; every person
 * crop was checked to hold one face upright enough to be found, every empty crop to hold
 * no part of a face.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type SceneKind = 'person' | 'empty' | 'object';

export interface PhotoScene {
  kind: SceneKind;
  /** File in @vladmandic/face-api's demo folder. */
  photo: `sample${1 | 2 | 3 | 4 | 5 | 6}.jpg`;
  /** The crop's left, top and width in the photo's pixels; the height is 3/4 of the width. */
  x: number;
  y: number;
  width: number;
  description: string;
}

export const PHOTO_SCENES = {
  // People, framed as a webcam at arm's length would (face about a third of the width).
  'woman-clown-makeup': {
    kind: 'person',
    photo: 'sample1.jpg',
    x: 133,
    y: 275,
    width: 780,
    description: 'woman with face paint, dark room, a second person cut by the edge',
  },
  'woman-head-tilted': {
    kind: 'person',
    photo: 'sample1.jpg',
    x: 1140,
    y: 115,
    width: 780,
    description: 'woman in uniform, head tilted about 20 degrees',
  },
  'woman-blonde-curls': {
    kind: 'person',
    photo: 'sample3.jpg',
    x: 282,
    y: 254,
    width: 780,
    description: 'woman on a sofa, hand in her hair, chest and shoulders in view',
  },
  'woman-smiling-bar': {
    kind: 'person',
    photo: 'sample3.jpg',
    x: 794,
    y: 147,
    width: 780,
    description: 'woman smiling, a second person beside her',
  },
  'woman-by-blinds': {
    kind: 'person',
    photo: 'sample6.jpg',
    x: 0,
    y: 414,
    width: 780,
    description: 'woman in front of window blinds, phone photo',
  },
  'woman-on-stairs': {
    kind: 'person',
    photo: 'sample5.jpg',
    x: 1140,
    y: 360,
    width: 780,
    description: 'woman leaning on a wall, looking at the camera',
  },
  'woman-low-light': {
    kind: 'person',
    photo: 'sample5.jpg',
    x: 79,
    y: 810,
    width: 780,
    description: 'woman in dim light at the bottom of the stairs',
  },
  'woman-purple-light': {
    kind: 'person',
    photo: 'sample4.jpg',
    x: 367,
    y: 0,
    width: 780,
    description: 'woman under purple light, head turned, others beside her',
  },
  'woman-looking-down': {
    kind: 'person',
    photo: 'sample2.jpg',
    x: 613,
    y: 168,
    width: 780,
    description: 'woman on a sofa looking down, hair over her face',
  },
  'woman-eyes-lowered': {
    kind: 'person',
    photo: 'sample2.jpg',
    x: 1140,
    y: 94,
    width: 780,
    description: 'woman on a sofa, eyes lowered, arm raised',
  },
  // Nobody in view.
  'room-dark-wall': {
    kind: 'empty',
    photo: 'sample1.jpg',
    x: 0,
    y: 0,
    width: 380,
    description: 'a dim wall with a curtain and framed pictures (the old detector saw a face here)',
  },
  'room-door': {
    kind: 'empty',
    photo: 'sample3.jpg',
    x: 0,
    y: 0,
    width: 460,
    description: 'a dark door with light switches and a window',
  },
  'room-stair-rail': {
    kind: 'empty',
    photo: 'sample5.jpg',
    x: 0,
    y: 0,
    width: 500,
    description: 'a metal stair rail and wooden steps',
  },
  'room-window-blinds': {
    kind: 'empty',
    photo: 'sample6.jpg',
    x: 0,
    y: 0,
    width: 480,
    description: 'window blinds and a wooden door frame',
  },
  // An object on a sofa, nobody in view.
  'phone-on-sofa': {
    kind: 'object',
    photo: 'sample2.jpg',
    x: 0,
    y: 1110,
    width: 320,
    description: 'a phone lying on a black leather sofa',
  },
  'jacket-on-sofa': {
    kind: 'object',
    photo: 'sample6.jpg',
    x: 1700,
    y: 965,
    width: 220,
    description: 'a denim jacket lying on a sofa',
  },
} as const satisfies Record<string, PhotoScene>;

export type SceneName = keyof typeof PHOTO_SCENES;

export const scenesOf = (kind: SceneKind): SceneName[] =>
  (Object.keys(PHOTO_SCENES) as SceneName[]).filter((n) => PHOTO_SCENES[n].kind === kind);

const require = createRequire(import.meta.url);

/** The folder of the photos in the installed package. */
export function photoDir(): string {
  return join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
}

export const photoPath = (scene: SceneName): string => join(photoDir(), PHOTO_SCENES[scene].photo);

export const photoBytes = (file: PhotoScene['photo']): Buffer =>
  readFileSync(join(photoDir(), file));
