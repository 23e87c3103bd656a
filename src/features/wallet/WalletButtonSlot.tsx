import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { WALLET_NEEDS_EMAIL } from '../../domain/errors/screenText';
import { notify } from '../../ui/toast';
import { LAST_CONNECTED_KEY } from '../../wallet/marker';
import { CONNECT_WALLET } from './labels';

// This file is in the first load: keep it tiny. The wallet code (ethers, the store) loads
// only when the user asks for it, on the profile, or when a wallet was connected on an
// earlier visit (auto-reconnect).
const WalletControl = lazy(() =>
  import('./WalletControl').then((m) => ({ default: m.WalletControl })),
);
const ProfileWallet = lazy(() =>
  import('./ProfileWallet').then((m) => ({ default: m.ProfileWallet })),
);

function hadWallet(): boolean {
  try {
    return localStorage.getItem(LAST_CONNECTED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * A guest's click: the catalogue's message as a toast; true once it is on screen. The text
 * comes with the first screen, so it shows even offline before any other code is cached.
 */
function tellGuestToSignUp(): Promise<boolean> {
  return notify.info(WALLET_NEEDS_EMAIL).then((id) => id !== undefined);
}

/** How long the inline note stays when the toast itself could not load. */
const GUEST_NOTE_MS = 8000;

/** The header's and mobile menu's wallet button: a plain 'Connect Wallet' until used. */
export function WalletButtonSlot() {
  const { user } = useAuth();
  const [wanted, setWanted] = useState(hadWallet() ? 1 : 0); // 0 no, 1 load, 2 connect
  // Shown in place of the toast when not even the toast code could load (offline, uncached).
  const [guestNote, setGuestNote] = useState(false);
  useEffect(() => {
    if (!guestNote) return undefined;
    const t = setTimeout(() => setGuestNote(false), GUEST_NOTE_MS);
    return () => clearTimeout(t);
  }, [guestNote]);
  const shell = (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={() =>
        user ? setWanted(2) : void tellGuestToSignUp().then((shown) => setGuestNote(!shown))
      }
    >
      {CONNECT_WALLET}
    </button>
  );
  const note = guestNote ? (
    <span role="alert" className="muted" style={{ fontSize: '0.85em', maxWidth: '18rem' }}>
      {WALLET_NEEDS_EMAIL}
    </span>
  ) : null;
  return user && wanted ? (
    <Suspense fallback={shell}>
      <WalletControl connectNow={wanted === 2} />
    </Suspense>
  ) : (
    <>
      {shell}
      {note}
    </>
  );
}

/** The profile's wallet card, in the wallet chunk. */
export function ProfileWalletSlot() {
  return (
    <Suspense fallback={<h2 id="wallets-heading">Linked wallet</h2>}>
      <ProfileWallet />
    </Suspense>
  );
}
