import { deleteAccountOnServer } from '../../backend/api/accountApi';
import { messageFromBody } from '../../domain/errors/statusLadder';
import { HttpError } from '../../domain/errors/appErrors';
import { getSupabase } from '../../backend/supabaseClient';
import { clearPersonData } from '../../sync/personData';
import { disablePush } from '../reminders';
import { signOut } from '../../app/auth/authStore';

/** The text the user types to confirm deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export class AccountDeletionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountDeletionError';
  }
}

/**
 * Deletes the account: `DELETE /api/account` with the user's bearer token removes the
 * account and every row it owns on the server (one transaction). Then this device forgets
 * every row of the account (clearPersonData); the caller then leaves the page and signs out
 * (signOutAfterDeletion). Guest sessions of the device stay.
 */
export async function deleteAccount(): Promise<string> {
  const supabase = await getSupabase();
  const { data } = await supabase.auth.getSession();
  const session = data.session;
  if (!session)
    throw new AccountDeletionError(
      'Your sign-in has expired. Please sign in again, then delete the account.',
    );
  try {
    await deleteAccountOnServer(session.access_token);
  } catch (error) {
    if (error instanceof HttpError) {
      const detail = typeof error.body === 'object' ? messageFromBody(error.body) : undefined;
      throw new AccountDeletionError(
        detail || `The server refused the deletion (status ${error.status}). Nothing was deleted.`,
      );
    }
    throw new AccountDeletionError(
      'Could not reach the server. Connect to the internet and try again; nothing was deleted.',
    );
  }
  const userId = session.user.id;
  // Every copy on this device: sessions, patterns, courses, favourites, ratings,
  // preferences, pull cursors, recent patterns; and this browser's push subscription.
  await clearPersonData(userId);
  await disablePush().catch(() => undefined);
  forgetAccountKeys(userId);
  return userId;
}

/**
 * Every localStorage key kept for this account (its profile, the replies it has seen, and
 * any later per-account key): they all carry the account's id.
 */
function forgetAccountKeys(userId: string): void {
  try {
    const mine: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith('pneuma.') && key.includes(userId)) mine.push(key);
    }
    for (const key of mine) localStorage.removeItem(key);
  } catch {
    // storage refused: nothing of the account can be in it
  }
}

/** After deletion: sign out locally (the server session is already gone with the account). */
export async function signOutAfterDeletion(userId?: string): Promise<void> {
  await signOut();
  // Once more after the sign-out: a screen still open as the account may have written one meanwhile.
  if (userId) forgetAccountKeys(userId);
}
