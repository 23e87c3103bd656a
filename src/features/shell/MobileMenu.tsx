import { Link } from '@tanstack/react-router';
import { Dialog } from '../../ui/Dialog';
import { useAuth } from '../../app/auth/authStore';
import { useSignOut } from '../auth';
import { WalletButtonSlot } from '../wallet';
import { setBottomNavVariant, useBottomNavVariant } from './navPreference';
import type { BottomNavVariant } from '../../domain/navigation';

/** The two bottom navigations a touch device can show, in the order the menu offers them. */
const BOTTOM_NAV_CHOICES: readonly { value: BottomNavVariant; label: string }[] = [
  { value: 'B', label: 'Breathe first (Breathe, Share, Progress, Community, Profile)' },
  { value: 'A', label: 'Explore first (Practice, Explore, Create, Community, Profile)' },
];

/** Slide-out menu: Profile, Start Teaching, Sign In, a wallet area, Sign Out. */
export function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useAuth();
  const variant = useBottomNavVariant();
  const signOut = useSignOut();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Menu" variant="sheet">
      <nav aria-label="Menu" className="mobile-menu">
        <ul>
          {user ? (
            <li>
              <Link to="/profile" onClick={close}>
                Profile
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/instructor-onboarding" onClick={close}>
              Start Teaching
            </Link>
          </li>
          {!user ? (
            <li>
              <Link to="/auth" onClick={close}>
                Sign In
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
      <section className="mobile-menu__section" aria-labelledby="menu-wallet-heading">
        <h3 id="menu-wallet-heading">Wallet</h3>
        <WalletButtonSlot />
      </section>
      <fieldset className="mobile-menu__section">
        <legend>Bottom navigation</legend>
        {BOTTOM_NAV_CHOICES.map((c) => (
          <label key={c.value} className="row">
            <input
              type="radio"
              name="bottom-nav"
              checked={variant === c.value}
              onChange={() => setBottomNavVariant(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      {user ? (
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => {
            close();
            void signOut();
          }}
        >
          Sign Out
        </button>
      ) : null}
    </Dialog>
  );
}
