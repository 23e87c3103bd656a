/**
 * The languages Pneuma is being translated into (issue #45; docs/product.md § Languages). One
 * message catalog per locale in ./catalogs/<locale>.json: message id -> ICU MessageFormat text,
 * English the reference every other catalog must match id for id, argument for argument
 * (tests/domain/i18n/catalogs.test.ts). Today the catalogs hold the step names the spoken cues
 * say (`step.<kind>`); the screens are still English only, so nothing here is shown yet.
 *
 * Pure data: no formatting runtime (the ICU library is the lead's choice to add, see § Languages).
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
