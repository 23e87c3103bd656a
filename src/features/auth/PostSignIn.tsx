import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useAuth } from '../../app/auth/authStore';

/**
 * Set by the auth screen just before a sign-in or sign-up (the auth state changes before
 * the call returns), cleared again when it fails.
 */
const OFFER_GUEST_ATTACH_KEY = 'pneuma.offerGuestAttach';

export function markJustSignedIn(): void {
  try {
    sessionStorage.setItem(OFFER_GUEST_ATTACH_KEY, '1');
  } catch {
    // storage blocked: the offer is skipped, nothing is lost (guest sessions stay on the device)
  }
}

export function clearJustSignedIn(): void {
  try {
    sessionStorage.removeItem(OFFER_GUEST_ATTACH_KEY);
  } catch {
    // ignore
  }
}

function takeJustSignedIn(): boolean {
  try {
    const v = sessionStorage.getItem(OFFER_GUEST_ATTACH_KEY) === '1';
    sessionStorage.removeItem(OFFER_GUEST_ATTACH_KEY);
    return v;
  } catch {
    return false;
  }
}

/**
 * Where the sign-in flow ends (mounted once at the root): right after a sign-in or
 * sign-up, shows `offer` for the user once. The root route passes the sync feature's
 * prompt to add this device's guest sessions to the account (a lazy component: it may
 * suspend while it loads).
 */
export function PostSignIn({ offer }: { offer: (userId: string) => ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [offerFor, setOfferFor] = useState<string | null>(null);
  useEffect(() => {
    if (userId && takeJustSignedIn()) setOfferFor(userId);
  }, [userId]);
  if (!user || offerFor !== user.id) return null;
  return <Suspense fallback={null}>{offer(user.id)}</Suspense>;
}
