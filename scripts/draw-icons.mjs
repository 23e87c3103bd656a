// Draws the app icons (a calm breathing circle on the brand gradient) as real PNGs.
// Run with `npm run icons`; the output is committed under public/icons.
// Each is stored as a 256-colour palette PNG (sharp's quantiser): the 192-pixel icon drops
// from 27 kB to under 6 kB, and Chrome fetches it for the manifest during the first paint.
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { writeFileSync, mkdirSync } from 'node:fs';

const TOP = [0x2b, 0x6f, 0x77]; // deep teal
const BOTTOM = [0x1b, 0x3a, 0x5c]; // night blue
const RING = [0xe8, 0xf4, 0xf1];

function mix(a, b, t) {
  return a.map((v, i) => Math.round(v + (b[i] - v) * t));
}

function draw(size, { maskable }) {
  const png = new PNG({ width: size, height: size });
  const c = size / 2;
  // Maskable icons keep their content inside the 80% safe zone.
  const scale = maskable ? 0.62 : 0.78;
  const corner = maskable ? 0 : size * 0.22;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      // rounded-square mask (full bleed for maskable)
      const dx = Math.max(corner - x, x - (size - 1 - corner), 0);
      const dy = Math.max(corner - y, y - (size - 1 - corner), 0);
      const inside = corner === 0 || dx * dx + dy * dy <= corner * corner;
      let [r, g, b] = mix(TOP, BOTTOM, y / size);
      const d = Math.hypot(x - c, y - c) / (c * scale);
      // three concentric breath rings, soft edged
      for (const [radius, width, alpha] of [
        [1.0, 0.07, 0.95],
        [0.72, 0.05, 0.6],
        [0.46, 0.04, 0.35],
      ]) {
        const edge = Math.abs(d - radius) / width;
        if (edge < 1) {
          const a = alpha * (1 - edge * edge);
          [r, g, b] = mix([r, g, b], RING, a);
        }
      }
      if (d < 0.2) [r, g, b] = mix([r, g, b], RING, 0.9 * (1 - d / 0.2));
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = inside ? 255 : 0;
    }
  }
  return PNG.sync.write(png);
}

/** The drawing as a palette PNG. */
function compact(png) {
  return sharp(png).png({ palette: true, quality: 90, effort: 10, compressionLevel: 9 }).toBuffer();
}

mkdirSync('public/icons', { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, await compact(draw(size, { maskable: false })));
}
writeFileSync('public/icons/icon-maskable-512.png', await compact(draw(512, { maskable: true })));
writeFileSync('public/icons/apple-touch-icon.png', await compact(draw(180, { maskable: true })));
console.log('icons written to public/icons');
