import { useCallback, useSyncExternalStore } from 'react';
import { setPreference } from '../../data/preferencesRepo';
import { useLocalQuery } from '../../data/useLocalQuery';
import { voiceLocale, type Locale } from '../../domain/i18n/locales';

const subscribe = (changed: () => void) => {
  window.addEventListener('languagechange', changed);
  return () => window.removeEventListener('languagechange', changed);
};
/** The browser's languages, most preferred first, as one string (a stable snapshot). */
const browserLanguages = () =>
  (navigator.languages?.length ? navigator.languages : [navigator.language]).join(',');

/**
 * The language the spoken cues speak (docs/product.md § Languages): the person's choice in
 * Settings (the preference `voiceLanguage`, kept on this device and synced to a member's
 * other devices), else the browser's language if it is one of the twelve, else English.
 * `locale` is null until the stored choice is read (a session then loads no recordings it
 * would drop a moment later); `shown` is what a picker shows meanwhile. The prerendered page
 * has no browser languages: English until hydrated.
 */
export function useVoiceLanguage(): {
  locale: Locale | null;
  shown: Locale;
  choose: (locale: Locale) => void;
} {
  const chosen = useLocalQuery(async (d) => (await d.getPreferences()).voiceLanguage, []);
  const joined = useSyncExternalStore(subscribe, browserLanguages, () => '');
  const languages = joined ? joined.split(',') : [];
  const choose = useCallback((locale: Locale) => void setPreference('voiceLanguage', locale), []);
  const shown = voiceLocale(chosen, languages);
  return { locale: chosen === undefined ? null : shown, shown, choose };
}
