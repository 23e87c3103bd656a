/**
 * The camera pulse (POS) against the outside reference: the same synthetic skin-colour
 * traces through src/domain/heart/pulsePos.ts and through rPPG-Toolbox's POS_WANG.py
 * (vendored in tests/fixtures/rppg-toolbox, commit d807b0174d7d1c371778042ec741e385861bbbf5,
 * run with Debian's python3 + NumPy + SciPy); the heart rates agree within 0.5 bpm and
 * both are within 1 bpm of the rate the trace was made with.
 *
 * Does not prove: anything about real faces on real cameras (no real pulse video was
 * available here): the traces are written from the POS paper's skin model (a pulse along
 * the blood-volume direction 0.33 : 0.77 : 0.53 of R : G : B, about 0.5% deep) plus noise
 * on the per-frame means (0.12-0.15 of 255: a face region's sensor noise averaged), light drift and breathing-sized brightness motion. Nor that the spectral
 * quality threshold is right for real video. The reference's own heart-rate step has a
 * coarse frequency grid (1.76 bpm at 30 fps for 30 s), so its periodogram is read on a
 * 64 times finer grid (run_pos.py says how); the coarse figure is checked within its bin.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { estimatePulse, type SkinColourSample } from '../../../src/domain/heart/pulsePos';
import { requireTool } from '../../support/required';

const RUNNER = join(__dirname, '../../fixtures/rppg-toolbox/run_pos.py');

function pythonMissing(): string | null {
  const r = spawnSync('python3', ['-c', 'import numpy, scipy.signal, scipy.sparse'], {
    encoding: 'utf8',
  });
  if (r.error) return `python3 not found (${r.error.message})`;
  if (r.status !== 0) return `python3 lacks NumPy/SciPy: ${r.stderr.trim().split('\n').pop()}`;
  return null;
}

function gaussian(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const u = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) + 1) / 4294967297;
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}

interface TraceSpec {
  name: string;
  fs: number;
  seconds: number;
  bpm: number;
  /** Pulse depth, fraction of the skin's level. */
  depth: number;
  noise: number;
  /** Brightness change common to all channels (light drift, motion): fraction. */
  light?: (t: number) => number;
  /** Heart-rate swing with the breath: bpm amplitude at 6 a minute. */
  swingBpm?: number;
}

const SKIN = [180, 120, 100] as const;
const PBV = [0.33, 0.77, 0.53] as const;

function makeTrace(spec: TraceSpec, seed: number): number[][] {
  const rand = gaussian(seed);
  const n = Math.round(spec.seconds * spec.fs);
  const out: number[][] = [];
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / spec.fs;
    const hr = spec.bpm + (spec.swingBpm ?? 0) * Math.sin((2 * Math.PI * t) / 10);
    phase += (2 * Math.PI * hr) / 60 / spec.fs;
    const p = spec.depth * Math.sin(phase);
    const light = 1 + (spec.light?.(t) ?? 0);
    out.push(SKIN.map((c, k) => c * light * (1 + PBV[k]! * p) + spec.noise * rand()));
  }
  return out;
}

const toSamples = (rgb: number[][], fs: number): SkinColourSample[] =>
  rgb.map(([r, g, b], i) => ({ t: (i * 1000) / fs, r: r!, g: g!, b: b! }));

const specs: TraceSpec[] = [
  {
    name: '72 bpm, 0.5% deep, sensor noise, 30 fps',
    fs: 30,
    seconds: 30,
    bpm: 72,
    depth: 0.005,
    noise: 0.15,
  },
  {
    name: '58 bpm under slowly dimming light',
    fs: 30,
    seconds: 30,
    bpm: 58,
    depth: 0.005,
    noise: 0.15,
    light: (t) => -0.004 * t,
  },
  {
    name: '95 bpm with breathing-sized brightness motion (1% at 15 a minute)',
    fs: 30,
    seconds: 30,
    bpm: 95,
    depth: 0.004,
    noise: 0.15,
    light: (t) => 0.01 * Math.sin(2 * Math.PI * 0.25 * t),
  },
  {
    name: '80 bpm under a light flickering at 110 a minute (2%, in the pulse band)',
    fs: 30,
    seconds: 30,
    bpm: 80,
    depth: 0.005,
    noise: 0.15,
    light: (t) => 0.02 * Math.sin((2 * Math.PI * 110 * t) / 60),
  },
  { name: '130 bpm at 20 fps', fs: 20, seconds: 30, bpm: 130, depth: 0.005, noise: 0.12 },
  { name: '46 bpm at 15 fps, 40 s', fs: 15, seconds: 40, bpm: 46, depth: 0.006, noise: 0.12 },
  {
    name: '72 bpm swinging 5 bpm with the breath at 6 a minute',
    fs: 30,
    seconds: 30,
    bpm: 72,
    depth: 0.005,
    noise: 0.15,
    swingBpm: 5,
  },
];

describe('POS against rPPG-Toolbox (outside reference)', () => {
  if (!requireTool('rPPG-Toolbox reference POS', pythonMissing())) return;

  it('agrees within 0.5 bpm on every trace, both within 1 bpm of the truth', () => {
    const traces = specs.map((s, i) => ({ spec: s, rgb: makeTrace(s, 100 + i) }));
    const dir = mkdtempSync(join(tmpdir(), 'pneuma-pos-'));
    try {
      const file = join(dir, 'traces.json');
      writeFileSync(file, JSON.stringify(traces.map((t) => ({ fs: t.spec.fs, rgb: t.rgb }))));
      const run = spawnSync('python3', [RUNNER, file], { encoding: 'utf8', timeout: 120_000 });
      expect(run.status, run.stderr).toBe(0);
      const ref = JSON.parse(run.stdout) as { fineHr: number; toolboxHr: number }[];
      expect(ref).toHaveLength(traces.length);
      const rows: string[] = [];
      traces.forEach(({ spec, rgb }, i) => {
        const mine = estimatePulse(toSamples(rgb, spec.fs));
        const label = `${spec.name}: ours ${JSON.stringify(mine)}, reference ${JSON.stringify(ref[i])}`;
        expect(mine.measured, label).toBe(true);
        if (!mine.measured) return;
        rows.push(
          `${spec.name}: truth ${spec.bpm}, ours ${mine.bpm} (SNR ${mine.snrDb} dB), reference ${ref[i]!.fineHr.toFixed(2)} (toolbox grid ${ref[i]!.toolboxHr.toFixed(2)})`,
        );
        expect(Math.abs(mine.bpm - ref[i]!.fineHr), label).toBeLessThanOrEqual(0.5);
        expect(Math.abs(mine.bpm - spec.bpm), label).toBeLessThanOrEqual(1);
        const bin = (60 * spec.fs) / 2 ** Math.ceil(Math.log2(rgb.length));
        expect(Math.abs(mine.bpm - ref[i]!.toolboxHr), label).toBeLessThanOrEqual(bin);
      });
      console.info(`POS vs rPPG-Toolbox:\n${rows.join('\n')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
