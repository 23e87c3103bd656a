import { sendErrorReports } from '../../backend/api/errorReportsApi';
import { getNetworkStatus } from '../network/networkStore';
import {
  createErrorReporter,
  dexieErrorStore,
  type ErrorReporter,
  type ReportPayload,
} from './reporter';

/**
 * The page's error reporter: POST {apiUrl}/api/errors with the configured public key as
 * bearer (src/backend/api/errorReportsApi.ts). Loaded on the first captured error or
 * shortly after start-up (globalHandlers).
 */

export const errorReporter: ErrorReporter = createErrorReporter({
  send: (reports: ReportPayload[]) => sendErrorReports(reports),
  random: Math.random,
  now: () => Date.now(),
  // offline = the browser says so, or the backend does not answer its health check
  isOnline: () => getNetworkStatus() !== 'offline',
  store: dexieErrorStore,
  pageUrl: () =>
    typeof location === 'undefined' ? undefined : location.origin + location.pathname,
  userAgent: () => (typeof navigator === 'undefined' ? undefined : navigator.userAgent),
});
