import { DisplaySettings } from './DisplaySettings';
import { NavigationSettings } from './NavigationSettings';
import type { SettingsSectionSpec } from './SettingsSection';
import { CountdownChoice, CueControls } from '../session';
import { RemindersPanel } from '../reminders';
import { NoTrackingSetting } from '../privacy';
import { DataBundlePanel } from '../data-bundle';
import { AdvancedSettings } from './AdvancedSettings';
import { HeartStrapSettings } from '../heart';

/**
 * The Settings screen's sections, in order. To add one (reminders, exports, …): build its
 * controls as a component in the feature's own folder, export it from that feature's
 * index.ts, and add one line here, e.g.
 *   { id: 'reminders', title: 'Reminders', Component: ReminderSettings },
 * The screen gives it a heading, a card and an anchor (/settings#reminders).
 */
export const SETTINGS_SECTIONS: readonly SettingsSectionSpec[] = [
  {
    id: 'display',
    title: 'Display',
    description: 'How the app looks on this device.',
    Component: DisplaySettings,
  },
  {
    id: 'cues',
    title: 'Sound and vibration',
    description: 'How a session guides you with your eyes closed.',
    Component: CueControls,
  },
  { id: 'countdown', title: 'Starting a session', Component: CountdownChoice },
  { id: 'navigation', title: 'Navigation', Component: NavigationSettings },
  { id: 'reminders', title: 'Practice reminders', Component: RemindersPanel, ownHeading: true },
  { id: 'privacy', title: 'Privacy', Component: NoTrackingSetting, ownHeading: true },
  {
    id: 'heart',
    title: 'Heart-rate strap',
    description: 'A Bluetooth chest strap: your heart rate and its beat-to-beat variation.',
    Component: HeartStrapSettings,
  },
  { id: 'data', title: 'Your data on this device', Component: DataBundlePanel, ownHeading: true },
  {
    id: 'advanced',
    title: 'Advanced',
    description: 'For checking how this device keeps time. Nothing here is needed to practice.',
    Component: AdvancedSettings,
  },
];
