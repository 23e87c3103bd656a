import { getConfig } from '../../backend/config';
import { request } from '../../backend/request';
import { getNetworkStatus } from '../network/networkStore';
import {
  createErrorReporter,
  dexieErrorStore,
  type ErrorReporter,
  type ReportPayload,
} from './reporter';

/**
 * The page's error reporter: POST {apiUrl}/api/errors with the configured public key as
 * bearer. Loaded on the first captured error or shortly after start-up (globalHandlers).
 */

async function sendReports(reports: ReportPayload[]): Promise<void> {
  const { apiUrl, supabaseAnonKey } = getConfig();
  await request(`${apiUrl}/api/errors`, {
    service: 'errors',
    method: 'POST',
    body: { reports },
    bearer: supabaseAnonKey,
    attempts: 1,
    responseType: 'none',
  });
}

export const errorReporter: ErrorReporter = createErrorReporter({
  send: sendReports,
  random: Math.random,
  now: () => Date.now(),
  // offline = the browser says so, or the backend does not answer its health check
  isOnline: () => getNetworkStatus() !== 'offline',
  store: dexieErrorStore,
  pageUrl: () =>
    typeof location === 'undefined' ? undefined : location.origin + location.pathname,
  userAgent: () => (typeof navigator === 'undefined' ? undefined : navigator.userAgent),
});
