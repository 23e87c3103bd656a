import { ACCOUNT_API } from '../../contracts/account';
import { apiCall } from './apiCall';

/**
 * `DELETE /api/account` with the user's bearer token: the server removes the account and
 * every row it owns (one transaction). Throws HttpError with the server's answer, or a
 * network error.
 */
export const deleteAccountOnServer = (bearer: string) =>
  apiCall(ACCOUNT_API.delete, {
    signedIn: true,
    bearer,
    attempts: 1,
    responseType: 'none',
  });
