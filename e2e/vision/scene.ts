/**
 * The test scenes for the fake camera, drawn here (no image is downloaded): a person
 * (face with eyes, brows, nose and mouth, hair, neck, shoulders) in front of a plain wall,
 * and the same wall empty. Rasterised with 3x3 supersampling into a PNG.
 */
import { PNG } from 'pngjs';

type RGB = [number, number, number];
type Shader = ((x: number, y: number) => RGB | null) & { box?: [number, number, number, number] };

const boxed = (f: Shader, x0: number, y0: number, x1: number, y1: number): Shader =>
  Object.assign(f, { box: [x0, y0, x1, y1] as [number, number, number, number] });

const ellipse = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  color: RGB | ((x: number, y: number) => RGB),
): Shader =>
  boxed(
    (x, y) =>
      ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1
        ? typeof color === 'function'
          ? color(x, y)
          : color
        : null,
    cx - rx,
    cy - ry,
    cx + rx,
    cy + ry,
  );

const rect = (x0: number, y0: number, x1: number, y1: number, color: RGB): Shader =>
  boxed((x, y) => (x >= x0 && x < x1 && y >= y0 && y < y1 ? color : null), x0, y0, x1, y1);

/** A thick line segment. */
const segment = (
  ax: number,
  ay: number,
  bx: number,
  by: number,
  width: number,
  color: RGB,
): Shader =>
  boxed(
    (x, y) => {
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
      return Math.hypot(x - (ax + t * dx), y - (ay + t * dy)) <= width / 2 ? color : null;
    },
    Math.min(ax, bx) - width,
    Math.min(ay, by) - width,
    Math.max(ax, bx) + width,
    Math.max(ay, by) + width,
  );

const mix = (a: RGB, b: RGB, t: number): RGB =>
  [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as RGB;

/** A wall with a soft vertical gradient and a picture rail: the empty scene. */
function wall(height: number): Shader {
  return (_x, y) => {
    const base = mix([120, 132, 150], [92, 102, 118], y / height);
    return Math.abs(y - height * 0.3) < 2 ? mix(base, [70, 76, 86], 0.7) : base;
  };
}

/** The person, face centred at (cx, cy) with face width `s`. */
function person(cx: number, cy: number, s: number): Shader[] {
  const skin = (x: number, y: number): RGB => {
    const d = Math.hypot(x - (cx - 0.12 * s), y - (cy - 0.12 * s)) / (0.75 * s);
    return mix([242, 196, 160], [196, 138, 102], Math.min(1, d));
  };
  const shirt: RGB = [46, 86, 120];
  const layers: Shader[] = [
    // shoulders and chest, then the neck
    ellipse(cx, cy + 1.55 * s, 1.35 * s, 0.75 * s, shirt),
    rect(cx - 1.35 * s, cy + 1.55 * s, cx + 1.35 * s, cy + 4 * s, shirt),
    rect(cx - 0.2 * s, cy + 0.45 * s, cx + 0.2 * s, cy + 1.0 * s, [210, 156, 120]),
    // hair behind the face
    ellipse(cx, cy - 0.22 * s, 0.6 * s, 0.62 * s, [59, 42, 26]),
    ellipse(cx, cy, 0.45 * s, 0.6 * s, skin),
  ];
  for (const dx of [-0.18, 0.18]) {
    layers.push(
      ellipse(cx + dx * s, cy - 0.1 * s, 0.09 * s, 0.045 * s, [250, 250, 250]),
      ellipse(cx + dx * s, cy - 0.1 * s, 0.04 * s, 0.04 * s, [58, 38, 21]),
      segment(
        cx + (dx - 0.1) * s,
        cy - 0.22 * s,
        cx + (dx + 0.1) * s,
        cy - 0.23 * s,
        0.03 * s,
        [59, 42, 26],
      ),
    );
  }
  layers.push(
    segment(cx, cy - 0.05 * s, cx - 0.05 * s, cy + 0.12 * s, 0.025 * s, [168, 112, 79]),
    segment(cx - 0.05 * s, cy + 0.12 * s, cx + 0.04 * s, cy + 0.14 * s, 0.025 * s, [168, 112, 79]),
    ellipse(cx, cy + 0.3 * s, 0.14 * s, 0.04 * s, [160, 64, 58]),
  );
  return layers;
}

function render(width: number, height: number, layers: Shader[]): Buffer {
  const png = new PNG({ width, height });
  const sub = [1 / 6, 1 / 2, 5 / 6];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const oy of sub) {
        for (const ox of sub) {
          const px = x + ox;
          const py = y + oy;
          let c: RGB | null = null;
          for (let i = layers.length - 1; i >= 0 && !c; i--) {
            const layer = layers[i]!;
            const b = layer.box;
            if (!b || (px >= b[0] && px <= b[2] && py >= b[1] && py <= b[3])) c = layer(px, py);
          }
          r += c![0];
          g += c![1];
          b += c![2];
        }
      }
      const i = (y * width + x) * 4;
      png.data[i] = Math.round(r / 9);
      png.data[i + 1] = Math.round(g / 9);
      png.data[i + 2] = Math.round(b / 9);
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

/** The scene the camera window moves over: larger than the 320x240 clip. */
export const SCENE = { width: 400, height: 320 } as const;

export function personScene(): Buffer {
  const { width, height } = SCENE;
  return render(width, height, [wall(height), ...person(width / 2, 120, 110)]);
}

export function emptyScene(): Buffer {
  const { width, height } = SCENE;
  return render(width, height, [wall(height)]);
}
