import { ERROR_TEXT } from '../domain/errors/messages';

/** Messages the outbox stores on a session (shown in the sync details). */
export const NO_REFRESH_TOKEN = ERROR_TEXT.noRefreshToken;
export const REFRESH_FAILED = ERROR_TEXT.refreshFailed;
export const INVALID_START_TIME = 'Invalid start time: the session is kept on this device only.';
export const SERVICE_NOT_FOUND =
  'The session service answered 404: the session is kept on this device only.';
export const NETWORK_FAILURE = 'Network error: will retry when the connection is back.';
