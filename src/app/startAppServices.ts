import type { AppConfig } from '../backend/config';
import { startAuth } from './auth/authStore';
import { installGlobalErrorHandlers } from './errors/globalHandlers';
import { startNetworkMonitoring } from './network/networkStore';
import { startShareReminder } from './shareReminderStart';
import { startPracticeReminders } from './practiceRemindersStart';

/**
 * Starts the app-wide services once, from main.tsx, after the configuration has loaded
 * and before the first render: the error handlers first (so a failure while starting the
 * others is recorded), then network status, then the signed-in user, then a stored share
 * reminder and the practice reminders.
 */
export function startAppServices(config: AppConfig): void {
  installGlobalErrorHandlers();
  startNetworkMonitoring(config.apiUrl);
  startAuth();
  startShareReminder();
  startPracticeReminders();
}
