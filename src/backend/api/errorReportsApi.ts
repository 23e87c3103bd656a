import { ERROR_REPORTS_API } from '../../contracts/errorReports';
import type { ErrorReportBatchBody } from '../../contracts/errorReportsSchemas';
import { getConfig } from '../config';
import { apiCall } from './apiCall';

/**
 * POST /api/errors (src/contracts/errorReports.ts): one batch of the page's error reports,
 * with the public key as bearer (a guest's reports too), one attempt through the 'errors'
 * policy; resolves when the server took them.
 */
export const sendErrorReports = (reports: ErrorReportBatchBody['reports']): Promise<void> =>
  apiCall(ERROR_REPORTS_API.send, {
    service: 'errors',
    signedIn: false,
    bearer: getConfig().supabaseAnonKey,
    body: { reports } satisfies ErrorReportBatchBody,
    attempts: 1,
    responseType: 'none',
  });
