import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
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

/** A guest's click: the catalogue's message (the catalogue loads then, not with the first screen). */
function tellGuestToSignUp(): void {
  void import('../../domain/errors/messages')
    .then(({ ERROR_TEXT }) => notify.info(ERROR_TEXT.walletNeedsEmail))
    .catch((error: unknown) => console.warn('[wallet]', error));
}

/** The header's and mobile menu's wallet button: a plain 'Connect Wallet' until used. */
export function WalletButtonSlot() {
  const { user } = useAuth();
  const [wanted, setWanted] = useState(hadWallet() ? 1 : 0); // 0 no, 1 load, 2 connect
  const shell = (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={() => (user ? setWanted(2) : tellGuestToSignUp())}
    >
      {CONNECT_WALLET}
    </button>
  );
  return user && wanted ? (
    <Suspense fallback={shell}>
      <WalletControl connectNow={wanted === 2} />
    </Suspense>
  ) : (
    shell
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
