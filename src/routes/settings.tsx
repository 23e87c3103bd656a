import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../features/settings';

/** Settings: open to everyone (a guest's choices stay on the device). */
export const Route = createFileRoute('/settings')({
  component: SettingsScreen,
});
