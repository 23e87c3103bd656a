import { apiCall } from './apiCall';

/**
 * `DELETE /api/account` with the user's bearer token: the server removes the account and
 * every row it owns (one transaction). Throws HttpError with the server's answer, or a
 * network error.
 */
export const deleteAccountOnServer = (bearer: string) =>
  apiCall<void>('/account', {
    signedIn: true,
    bearer,
    method: 'DELETE',
    attempts: 1,
    responseType: 'none',
  });
