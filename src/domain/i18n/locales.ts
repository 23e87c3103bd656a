/**
 * The languages Pneuma is being translated into (issue #45; docs/product.md § Languages). One
 * message catalog per locale in ./catalogs/<locale>.json: message id -> ICU MessageFormat text,
 * English the reference every other catalog must match id for id, argument for argument
 * (tests/domain/i18n/catalogs.test.ts). Today the catalogs hold the step names the spoken cues
 * say (`step.<kind>`); the screens are still English only. What a person sees of this today is
 * the voice language (Settings, 'Voice language'; the cue track speaks it).
 *
 * No formatting runtime (the ICU library is the lead's choice to add, see § Languages).
 */

/** BCP 47 tags, as `<html lang>` and `Intl` take them. English first: the default. */
export const LOCALES = [
  'en',
  'es',
  'de',
  'fr',
  'pt-BR',
  'it',
  'nl',
  'ru',
  'ja',
  'zh-Hans',
  'hi',
  'ar',
] as const;

export type Locale = (typeof LOCALES)[number];

/** The language of every screen and cue until a language is chosen. */
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Each language's name as its speakers write it (the Settings picker shows these, each with its
 * own `lang`), its English name (for the English screens' sentences), and its writing
 * direction. Written out rather than asked of `Intl.DisplayNames`, whose names differ by
 * browser and version.
 */
export const LANGUAGES: Readonly<
  Record<Locale, { own: string; english: string; dir: 'ltr' | 'rtl' }>
> = {
  en: { own: 'English', english: 'English', dir: 'ltr' },
  es: { own: 'Español', english: 'Spanish', dir: 'ltr' },
  de: { own: 'Deutsch', english: 'German', dir: 'ltr' },
  fr: { own: 'Français', english: 'French', dir: 'ltr' },
  'pt-BR': { own: 'Português (Brasil)', english: 'Portuguese (Brazil)', dir: 'ltr' },
  it: { own: 'Italiano', english: 'Italian', dir: 'ltr' },
  nl: { own: 'Nederlands', english: 'Dutch', dir: 'ltr' },
  ru: { own: 'Русский', english: 'Russian', dir: 'ltr' },
  ja: { own: '日本語', english: 'Japanese', dir: 'ltr' },
  'zh-Hans': { own: '简体中文', english: 'Chinese (Simplified)', dir: 'ltr' },
  hi: { own: 'हिन्दी', english: 'Hindi', dir: 'ltr' },
  ar: { own: 'العربية', english: 'Arabic', dir: 'rtl' },
};

const isLocale = (tag: unknown): tag is Locale =>
  typeof tag === 'string' && (LOCALES as readonly string[]).includes(tag);

/**
 * The first of the browser's languages (`navigator.languages`, most preferred first) that is
 * one of LOCALES, by its language: `de-AT` is German, any Portuguese is Portuguese (Brazil),
 * and Chinese only when written in Simplified characters (`zh`, `zh-CN`, `zh-SG`,
 * `zh-Hans-*`; not `zh-TW` or `zh-Hant`). None of them: English.
 */
function localeFromLanguages(languages: readonly string[]): Locale {
  for (const tag of languages) {
    let parsed: Intl.Locale;
    try {
      parsed = new Intl.Locale(tag);
    } catch {
      continue; // not a language tag
    }
    const language = parsed.language;
    if (language === 'pt') return 'pt-BR';
    if (language === 'zh') {
      if (parsed.maximize().script === 'Hans') return 'zh-Hans';
      continue;
    }
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/**
 * The language the spoken cues speak: the person's choice (the preference `voiceLanguage`)
 * when it is one of LOCALES, else the browser's language if it is one of them, else English.
 */
export function voiceLocale(chosen: unknown, languages: readonly string[]): Locale {
  return isLocale(chosen) ? chosen : localeFromLanguages(languages);
}
