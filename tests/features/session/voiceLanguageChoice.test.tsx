// @vitest-environment happy-dom
/**
 * The voice language a person hears (docs/product.md § Languages, issue #45 item 5's first
 * slice): the rule that picks it (their choice, else the browser's language if it is one of
 * the twelve, else English), its one save path (the person's preference `voiceLanguage`:
 * stored, synced for a member like the other cue choices, written to and read back from the
 * data file), and what a session gets when the chosen language's recordings cannot be
 * fetched (the English ones, and a line saying so).
 *
 * Not proved here: the Settings picker in a browser nor the cue track a browser plays
 * (e2e/voice-language.spec.ts), that the sync reaches another device (the preferences' sync
 * tests do that for every preference row), nor that any recording is well pronounced (no
 * native speaker reviewed them).
 */
import { readFileSync } from 'node:fs';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveAuthSession } from '../../../src/data/authSessionRepo';
import { db } from '../../../src/data/db';
import { getPreferences, setPreference } from '../../../src/data/preferencesRepo';
import { voiceLocale } from '../../../src/domain/i18n/locales';
import { VOICE_CLIP_KINDS } from '../../../src/domain/programs/voiceClips';
import {
  BundleImportError,
  buildBundle,
  importBundle,
  parseBundle,
} from '../../../src/features/data-bundle/bundle';
import { useVoiceClips } from '../../../src/features/session/useVoiceClips';
import { useVoiceLanguage } from '../../../src/features/session/useVoiceLanguage';

/** Reading the database or fourteen recordings takes a second or more on a busy machine. */
const LOADED = { timeout: 10_000 };

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('which language the voice speaks', () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['en-GB', 'de'], 'en'],
    [['fr-CA'], 'fr'],
    [['pt-PT'], 'pt-BR'],
    [['pt-BR'], 'pt-BR'],
    [['zh-CN'], 'zh-Hans'],
    [['zh'], 'zh-Hans'],
    [['zh-Hans-HK'], 'zh-Hans'],
    [['zh-TW', 'ja-JP'], 'ja'], // Traditional Chinese is not one of the twelve: the next language
    [['zh-Hant'], 'en'],
    [['ar-EG'], 'ar'],
    [['HI-in'], 'hi'],
    [['sv-SE', 'fi'], 'en'], // none of the twelve: English
    [['not a tag', 'ru'], 'ru'],
    [[], 'en'],
  ] as const)('never chosen, a browser asking for %j: %s', (languages, expected) => {
    expect(voiceLocale(null, languages)).toBe(expected);
  });

  it('a choice wins over the browser; anything else stored under it counts as none', () => {
    expect(voiceLocale('ja', ['de-DE'])).toBe('ja');
    expect(voiceLocale('ar', [])).toBe('ar');
    expect(voiceLocale('klingon', ['de-DE'])).toBe('de');
    expect(voiceLocale('DE', ['es'])).toBe('es'); // the tags as LOCALES writes them
    expect(voiceLocale(undefined, ['it'])).toBe('it');
  });

  it('the hook follows the browser until the person chooses, then keeps their choice', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
    const first = renderHook(() => useVoiceLanguage());
    // Before the stored choice is read a session waits; a picker shows the browser's.
    expect(first.result.current.locale).toBeNull();
    expect(first.result.current.shown).toBe('de');
    await waitFor(() => expect(first.result.current.locale).toBe('de'), LOADED);
    first.result.current.choose('ja');
    await waitFor(() => expect(first.result.current.locale).toBe('ja'), LOADED);
    first.unmount();
    const again = renderHook(() => useVoiceLanguage());
    await waitFor(() => expect(again.result.current.locale).toBe('ja'), LOADED);
    again.unmount();
  });
});

describe('the one save path: the person’s preference', () => {
  it('is null (never chosen) by default, and keeps a choice', async () => {
    expect((await getPreferences()).voiceLanguage).toBeNull();
    await setPreference('voiceLanguage', 'de');
    expect((await getPreferences()).voiceLanguage).toBe('de');
  });

  it('a member’s choice is a preference row waiting to sync, like the other cue choices', async () => {
    await saveAuthSession({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 9e9,
      userId: 'user-a',
      email: 'a@x.test',
    });
    await setPreference('voiceLanguage', 'ar');
    expect(await db.userPreferences.get(['user-a', 'voiceLanguage'])).toMatchObject({
      value: 'ar',
      syncState: 'pending',
    });
  });

  it('travels in the data file and comes back from it', async () => {
    await setPreference('voiceLanguage', 'zh-Hans');
    const text = JSON.stringify(await buildBundle());
    expect(JSON.parse(text).userPreferences.voiceLanguage).toBe('zh-Hans');
    await Promise.all(db.tables.map((t) => t.clear()));
    expect((await getPreferences()).voiceLanguage).toBeNull();
    await importBundle(await parseBundle(text));
    expect((await getPreferences()).voiceLanguage).toBe('zh-Hans');
  });

  it('a file without it leaves the choice alone; one with a language not among the twelve is refused in words', async () => {
    await setPreference('voiceLanguage', 'hi');
    const older = { patterns: [], sessions: [], userPreferences: { defaultPattern: 'box' } };
    await importBundle(await parseBundle(JSON.stringify(older)));
    expect((await getPreferences()).voiceLanguage).toBe('hi');
    const bad = { ...older, userPreferences: { defaultPattern: 'box', voiceLanguage: 'tlh' } };
    const refused = await parseBundle(JSON.stringify(bad)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BundleImportError);
    expect((refused as BundleImportError).problems.join(' ')).toMatch(
      /voiceLanguage.*must be one of en, es, de/,
    );
  });
});

describe('a chosen language whose recordings cannot be fetched', () => {
  /** fetch answered from the files on disk, refusing the German ones (offline, never cached). */
  function fetchWithoutGerman() {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      const path = new URL(url, 'http://localhost/').pathname.replace(/^\//, '');
      fetched.push(path);
      if (path.includes('/voice/de/')) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response(readFileSync(path)));
    });
    return fetched;
  }

  it('speaks English instead, and says so in words', async () => {
    const fetched = fetchWithoutGerman();
    const hook = renderHook(() => useVoiceClips(true, 'de'));
    await waitFor(() => expect(hook.result.current.status).toBe('ready'), LOADED);
    expect(hook.result.current.note).toBe(
      'The voice in German could not be downloaded (it needs a connection the first time), so the cues speak English this session.',
    );
    expect(Object.keys(hook.result.current.clips!).sort()).toEqual([...VOICE_CLIP_KINDS].sort());
    expect(fetched.some((p) => p.startsWith('src/assets/voice/de/'))).toBe(true);
    expect(fetched.filter((p) => /^src\/assets\/voice\/[a-z]+\.wav$/.test(p))).toHaveLength(
      VOICE_CLIP_KINDS.length,
    );
    hook.unmount();
  });

  it('when its recordings load, no line', async () => {
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(
        new Response(readFileSync(new URL(url, 'http://localhost/').pathname.slice(1))),
      ),
    );
    const hook = renderHook(() => useVoiceClips(true, 'ja'));
    await waitFor(() => expect(hook.result.current.status).toBe('ready'), LOADED);
    expect(hook.result.current.note).toBeNull();
    hook.unmount();
  });
});
