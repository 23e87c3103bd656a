// Generates the spoken cues of the program cue track (docs/product.md § Programs, "Spoken
// cues", and § Languages): one short recording per step name and language, made with the free
// speech synthesiser espeak-ng (Debian: `apt-get install -y espeak-ng`; eSpeak NG 1.51 made the
// committed files) in that language's eSpeak voice, and written as the cue track's own format,
// 8-bit unsigned PCM WAV, mono, 8 kHz: English into src/assets/voice/, every other language into
// src/assets/voice/<locale>/, each folder with a manifest.json of the words it speaks. The files
// are committed, so a clone or CI needs no espeak-ng; run `node scripts/voice-cues.mjs` only to
// change the words, a voice or the format (`node scripts/voice-cues.mjs de ja` redoes some).
//
// Each recording is trimmed so its first sample is the start of the word (the first sample
// reaching ONSET_FRACTION of the word's peak, less LEAD_MS), faded in over FADE_IN_MS and
// out over FADE_OUT_MS, and normalised to PEAK: mixed in at a phase boundary's sample, the
// word starts on the boundary (tests/domain/programs/voiceCues.test.ts, voiceLanguages.test.ts).
//
// The words are the step names the program screen shows: English from the one file that holds
// them (src/domain/programs/stepLabels.json, STEP_LABELS in programTypes.ts), every other
// language from its message catalog (src/domain/i18n/catalogs/<locale>.json, the ids
// `step.<kind>`); the tests check that each manifest says the same.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const OUT = 'src/assets/voice';
const RATE = 8000;
const PEAK = 0.9;
const ONSET_FRACTION = 0.08;
const LEAD_MS = 1;
const FADE_IN_MS = 1;
const FADE_OUT_MS = 15;
/**
 * The same calm guide in every language: a female variant, slow (135 words a minute) and a
 * little low. A language whose longest step name would last over 1.5 s at that rate is spoken
 * a little faster (`rate`), so every name fits the same shortest phase as the English ones.
 */
const RATE_WPM = 135;
const PITCH = ['-p', '40'];

/**
 * Per locale (src/domain/i18n/locales.ts): eSpeak NG's voice for it (`espeak-ng --voices`) and,
 * where that voice cannot read the catalog's writing, what it is given to read instead, by the
 * catalog's text (a changed catalog text without its reading stops the script). eSpeak NG 1.51
 * reads Japanese in kana only (kanji come out as "Chinese letter"), and Debian's Mandarin
 * dictionary lacks the characters (they come out as English numbers), so Mandarin is read from
 * tone-numbered pinyin by the voice made for it.
 */
const SPEECH = {
  en: { voice: 'en-us' },
  es: { voice: 'es' },
  de: { voice: 'de' },
  fr: { voice: 'fr' },
  'pt-BR': { voice: 'pt-br', rate: 150 },
  it: { voice: 'it' },
  nl: { voice: 'nl' },
  ru: { voice: 'ru' },
  ja: {
    voice: 'ja',
    readings: {
      吸って: 'すって',
      もう少し吸って: 'もうすこしすって',
      止めて: 'とめて',
      吐いて: 'はいて',
      吐いたまま止めて: 'はいたままとめて',
      息止め: 'いきどめ',
      休んで: 'やすんで',
    },
  },
  'zh-Hans': {
    voice: 'cmn-latn-pinyin',
    rate: 150,
    readings: {
      吸气: 'xi1 qi4',
      再吸一点: 'zai4 xi1 yi4 dian3',
      屏息: 'bing3 xi1',
      呼气: 'hu1 qi4',
      呼尽屏息: 'hu1 jin4 bing3 xi1',
      闭气: 'bi4 qi4',
      休息: 'xiu1 xi5',
    },
  },
  hi: { voice: 'hi', rate: 150 },
  ar: { voice: 'ar', rate: 175 },
};

/** Step kind -> the words shown and spoken in `locale`. */
function wordsOf(locale) {
  if (locale === 'en')
    return JSON.parse(readFileSync('src/domain/programs/stepLabels.json', 'utf8'));
  const catalog = JSON.parse(readFileSync(`src/domain/i18n/catalogs/${locale}.json`, 'utf8'));
  const words = {};
  for (const [id, text] of Object.entries(catalog))
    if (id.startsWith('step.')) words[id.slice(5)] = text;
  return words;
}

/** The samples (-1..1) and rate of a 16-bit PCM mono WAV, read per the RIFF layout. */
function readWav16(buf) {
  if (buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error('not a WAV file');
  let at = 12;
  let rate = 0;
  let bits = 0;
  let channels = 0;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    let size = buf.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(at + 10);
      rate = buf.readUInt32LE(at + 12);
      bits = buf.readUInt16LE(at + 22);
    } else if (id === 'data') {
      // espeak-ng writing to stdout cannot seek back to fill in the size.
      if (size === 0 || size === 0xffffffff || at + 8 + size > buf.length)
        size = buf.length - at - 8;
      if (bits !== 16 || channels !== 1)
        throw new Error(`expected 16-bit mono, got ${bits}-bit ${channels} channels`);
      const n = Math.floor(size / 2);
      const out = new Float64Array(n);
      for (let k = 0; k < n; k++) out[k] = buf.readInt16LE(at + 8 + 2 * k) / 32768;
      return { rate, samples: out };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Band-limited resampling: a Blackman-windowed sinc low-pass at 0.45 of the new rate. */
function resample(x, from, to) {
  const ratio = from / to;
  const cutoff = (0.45 * to) / from; // cycles per input sample
  const half = 24 * Math.ceil(ratio);
  const n = Math.floor(x.length / ratio);
  const y = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const centre = j * ratio;
    const k0 = Math.ceil(centre - half);
    const k1 = Math.floor(centre + half);
    let acc = 0;
    for (let k = Math.max(0, k0); k <= Math.min(x.length - 1, k1); k++) {
      const t = k - centre;
      const sinc = t === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * t) / (Math.PI * t);
      const w =
        0.42 + 0.5 * Math.cos((Math.PI * t) / half) + 0.08 * Math.cos((2 * Math.PI * t) / half);
      acc += x[k] * sinc * w;
    }
    y[j] = acc;
  }
  return y;
}

/** Trims to the word, fades its ends and normalises it to PEAK. */
function shape(x) {
  const peak = x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  if (peak === 0) throw new Error('silent recording');
  const level = ONSET_FRACTION * peak;
  const first = x.findIndex((v) => Math.abs(v) >= level);
  let last = x.length - 1;
  while (last > first && Math.abs(x[last]) < 0.02 * peak) last--;
  const start = Math.max(0, first - Math.round((LEAD_MS * RATE) / 1000));
  const y = x.slice(start, last + 1).map((v) => (v / peak) * PEAK);
  const fadeIn = Math.max(1, Math.round((FADE_IN_MS * RATE) / 1000));
  const fadeOut = Math.round((FADE_OUT_MS * RATE) / 1000);
  for (let k = 0; k < fadeIn && k < y.length; k++) y[k] *= (k + 1) / fadeIn;
  for (let k = 0; k < fadeOut && k < y.length; k++) y[y.length - 1 - k] *= k / fadeOut;
  return y;
}

/** An 8-bit unsigned PCM mono WAV (silence 128), as the cue track is written. */
function wav8(y) {
  const n = y.length;
  const buf = Buffer.alloc(44 + n + (n % 2), 128);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(buf.length - 8, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(RATE, 24);
  buf.writeUInt32LE(RATE, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(n, 40);
  for (let k = 0; k < n; k++)
    buf[44 + k] = Math.max(0, Math.min(255, 128 + Math.round(127 * y[k])));
  return buf;
}

const version = execFileSync('espeak-ng', ['--version'], { encoding: 'utf8' }).trim();
const only = process.argv.slice(2);
for (const unknown of only.filter((l) => !(l in SPEECH)))
  throw new Error(`no voice set for ${unknown}`);
for (const [locale, speech] of Object.entries(SPEECH)) {
  if (only.length > 0 && !only.includes(locale)) continue;
  const out = locale === 'en' ? OUT : join(OUT, locale);
  const voice = ['-v', `${speech.voice}+f3`, '-s', String(speech.rate ?? RATE_WPM), ...PITCH];
  mkdirSync(out, { recursive: true });
  const manifest = { synthesiser: version, voice: voice.join(' '), sampleRate: RATE, words: {} };
  if (speech.readings) manifest.readings = {};
  let bytes = 0;
  for (const [kind, words] of Object.entries(wordsOf(locale))) {
    const said = speech.readings ? speech.readings[words] : words;
    if (!said) throw new Error(`${locale}: no reading for "${words}" (${kind})`);
    const raw = readWav16(execFileSync('espeak-ng', [...voice, '--stdout', said]));
    const clip = wav8(shape(resample(raw.samples, raw.rate, RATE)));
    writeFileSync(join(out, `${kind}.wav`), clip);
    manifest.words[kind] = words;
    if (speech.readings) manifest.readings[kind] = said;
    bytes += clip.length;
    console.log(
      `${locale} ${kind}.wav  "${words}"  ${clip.length} bytes, ${((clip.length - 44) / RATE).toFixed(2)} s`,
    );
  }
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`${locale}: ${bytes} bytes`);
}
