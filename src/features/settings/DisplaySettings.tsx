import { useSyncExternalStore } from 'react';
import { THEME_CHOICES, type ThemeChoice } from '../../domain/nightTheme';
import {
  getReduceMotion,
  getThemeChoice,
  setReduceMotion,
  setThemeChoice,
  subscribeTheme,
} from '../../styles/theme';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { Switch } from '../../ui/Switch';

const THEME_TEXT: Record<ThemeChoice, { label: string; description: string }> = {
  auto: { label: 'Automatic', description: 'Dark in the evening and whenever your device is dark.' },
  system: { label: 'Like my device', description: 'Follows your device’s light or dark setting.' },
  light: { label: 'Light', description: 'Always light.' },
  dark: { label: 'Dark', description: 'Always dark, in warm colors low in blue light.' },
  black: { label: 'True black', description: 'Dark on pure black: easiest on OLED screens at night.' },
};

/** Theme and motion: kept on this device (a phone at night and a desktop by day may differ). */
export function DisplaySettings() {
  const theme = useSyncExternalStore(subscribeTheme, getThemeChoice, getThemeChoice);
  const reduce = useSyncExternalStore(subscribeTheme, getReduceMotion, () => false);
  return (
    <>
      <ChoiceGroup
        legend="Theme"
        choices={THEME_CHOICES.map((c) => ({ value: c, ...THEME_TEXT[c] }))}
        value={theme}
        onChange={setThemeChoice}
      />
      <Switch
        label="Reduce motion"
        description="Fewer animations across the app, and a calmer breathing guide. Always on when your device asks for less motion."
        checked={reduce}
        onCheckedChange={setReduceMotion}
      />
    </>
  );
}
