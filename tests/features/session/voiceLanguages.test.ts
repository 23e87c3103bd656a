/**
 * The spoken cues in every language (issue #45 item 3, docs/product.md § Languages): each
 * language's recordings (src/assets/voice/<locale>/, made by scripts/voice-cues.mjs with that
 * language's eSpeak NG voice) say the step names of its catalog, in the cue track's format,
 * each starting on its word; and the cue track of a German and of a Japanese session is
 * rendered from that language's files (the URLs the loader fetched, and the samples after
 * each boundary are that file's), with every onset within 5 ms of its boundary. English stays
 * the default, and a language whose recordings do not all load gives no clips (tones alone).
 *
 * Not proved: that a word is intelligible or well pronounced (nobody listened in a test; no
 * native speaker reviewed the words or the voices), nor a browser's decoding of the track
 * (e2e/programs.spec.ts does that for English; e2e/voice-language.spec.ts for German chosen
 * in Settings), nor the choice of language (voiceLanguageChoice.test.tsx).
 */
import { readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '../../../src/domain/i18n/locales';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';
import { CUE_SAMPLE_RATE, cueTrackPlan, renderWav } from '../../../src/domain/programs/cueTrack';
import type { StepKind } from '../../../src/domain/programs/programTypes';
import { buildTimeline } from '../../../src/domain/programs/timeline';
import { startRun } from '../../../src/domain/programs/timelineRun';
import { VOICE_CLIP_KINDS } from '../../../src/domain/programs/voiceClips';
import { loadVoiceClips } from '../../../src/features/session/voiceCueFiles';
import { onsetsMs, readWav } from '../../domain/programs/wavReading';

const OTHERS = LOCALES.filter((l) => l !== 'en');
const dirOf = (locale: Locale) =>
  locale === 'en' ? 'src/assets/voice' : `src/assets/voice/${locale}`;
const fileOf = (locale: Locale, kind: StepKind) => `${dirOf(locale)}/${kind}.wav`;
const catalogOf = (locale: Locale) =>
  JSON.parse(readFileSync(`src/domain/i18n/catalogs/${locale}.json`, 'utf8')) as Record<
    string,
    string
  >;

/** fetch answered from the files on disk (the dev server's URL is the file's path), logged. */
function fetchFromDisk(refuse: (path: string) => boolean = () => false) {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    const path = new URL(url, 'http://localhost/').pathname.replace(/^\//, '');
    fetched.push(path);
    if (refuse(path)) return Promise.resolve(new Response('', { status: 404 }));
    return Promise.resolve(new Response(readFileSync(path)));
  });
  return fetched;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the recordings of each language', () => {
  it.each(OTHERS)(
    '%s: its eSpeak NG voice says its catalog’s step names, one 8-bit 8 kHz file per step kind, each starting on the word',
    (locale) => {
      const manifest = JSON.parse(readFileSync(`${dirOf(locale)}/manifest.json`, 'utf8')) as {
        synthesiser: string;
        voice: string;
        words: Record<string, string>;
      };
      expect(manifest.synthesiser).toMatch(/eSpeak NG/);
      const espeakVoice = { 'pt-BR': 'pt-br', 'zh-Hans': 'cmn-latn-pinyin' }[locale as string];
      expect(manifest.voice).toMatch(new RegExp(`^-v ${espeakVoice ?? locale}\\+`));
      const catalog = catalogOf(locale);
      expect(manifest.words).toEqual(
        Object.fromEntries(VOICE_CLIP_KINDS.map((k) => [k, catalog[`step.${k}`]])),
      );
      let total = 0;
      for (const kind of VOICE_CLIP_KINDS) {
        const { fmt, samples } = readWav(new Uint8Array(readFileSync(fileOf(locale, kind))));
        expect(fmt, kind).toEqual({ format: 1, channels: 1, rate: CUE_SAMPLE_RATE, bits: 8 });
        // As short as the English names: each fits the shortest phase the same way.
        expect(samples.length / CUE_SAMPLE_RATE, kind).toBeGreaterThan(0.3);
        expect(samples.length / CUE_SAMPLE_RATE, kind).toBeLessThan(1.5);
        const padded = new Float32Array(CUE_SAMPLE_RATE + samples.length);
        padded.set(
          samples.map((v) => v * 0.6),
          CUE_SAMPLE_RATE,
        );
        const found = onsetsMs(padded, CUE_SAMPLE_RATE);
        expect(found, kind).toHaveLength(1);
        expect(found[0]! - 1000, kind).toBeLessThanOrEqual(2);
        total += statSync(fileOf(locale, kind)).size;
      }
      expect(total).toBeLessThan(60_000); // figures in docs/product.md § Languages
    },
  );
});

describe('the cue track in a language', () => {
  const t = buildTimeline(getBuiltInProgram('box-rising')!);
  const plan = cueTrackPlan(t, startRun(0), 0);
  const boundaries = plan.cues.filter((c) => c.stepIndex >= 0);

  it.each(['de', 'ja'] as const)(
    '%s: rendered from that language’s files, each step’s name starting within 5 ms of its boundary',
    async (locale) => {
      const fetched = fetchFromDisk();
      const clips = await loadVoiceClips(locale);
      expect(fetched.sort()).toEqual(VOICE_CLIP_KINDS.map((k) => fileOf(locale, k)).sort());
      const { samples } = readWav(
        renderWav(plan, 0.6, CUE_SAMPLE_RATE, { tones: false, voice: clips }),
      );
      const found = onsetsMs(samples, CUE_SAMPLE_RATE);
      expect(found.length).toBe(boundaries.length + 1); // and the closing notes
      boundaries.forEach((c, k) => expect(Math.abs(found[k]! - c.atMs)).toBeLessThanOrEqual(5));
      // From each boundary on, the samples are that step kind's file in this language, read
      // from disk here (8-bit rounding aside), and not the English one.
      for (const c of boundaries) {
        const file = readWav(new Uint8Array(readFileSync(fileOf(locale, c.kind!)))).samples;
        const english = readWav(new Uint8Array(readFileSync(fileOf('en', c.kind!)))).samples;
        const at = Math.round((c.atMs * CUE_SAMPLE_RATE) / 1000);
        let err = 0;
        let fromEnglish = 0;
        for (let k = 0; k < file.length; k++) {
          err = Math.max(err, Math.abs(samples[at + k]! - 0.6 * file[k]!));
          fromEnglish = Math.max(fromEnglish, Math.abs(samples[at + k]! - 0.6 * (english[k] ?? 0)));
        }
        expect(err, `${c.kind} at ${c.atMs} ms`).toBeLessThan(2 / 128);
        expect(fromEnglish, `${c.kind} at ${c.atMs} ms`).toBeGreaterThan(0.1);
      }
    },
  );

  it('without a language the session speaks English, from the English files', async () => {
    const fetched = fetchFromDisk();
    await loadVoiceClips();
    expect(fetched.sort()).toEqual(VOICE_CLIP_KINDS.map((k) => fileOf('en', k)).sort());
  });

  it('a language whose recordings do not all load gives no clips (the track is the tones), and is tried again next time', async () => {
    fetchFromDisk((path) => path.endsWith('/fr/rest.wav'));
    await expect(loadVoiceClips('fr')).rejects.toThrow(/rest answered 404/);
    const fetched = fetchFromDisk();
    const clips = await loadVoiceClips('fr');
    expect(Object.keys(clips).sort()).toEqual([...VOICE_CLIP_KINDS].sort());
    expect(fetched).toHaveLength(VOICE_CLIP_KINDS.length);
  });
});
