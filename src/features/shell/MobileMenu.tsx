import { Link, useRouterState } from '@tanstack/react-router';
import { Dialog } from '../../ui/Dialog';
import { useAuth } from '../../app/auth/authStore';
import { useSignOut } from '../auth';
import { WalletButtonSlot } from '../wallet';
import { setBottomNavVariant, useBottomNavVariant } from './navPreference';
import { isActiveLink, menuLinks, type BottomNavVariant } from '../../domain/navigation';

/** The two bottom navigations a touch device can show, in the order the menu offers them. */
const BOTTOM_NAV_CHOICES: readonly { value: BottomNavVariant; label: string }[] = [
  { value: 'B', label: 'Breathe first (Breathe, Share, Progress, Community, Profile)' },
  { value: 'A', label: 'Explore first (Practice, Explore, Create, Community, Profile)' },
];

/** Slide-out menu: the header's links (Profile, Start Teaching, Sign In among them), a wallet area, Sign Out. */
export function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user, role, level } = useAuth();
  const path = useRouterState({ select: (st) => st.location.pathname });
  const links = menuLinks({ signedIn: Boolean(user), role: role ?? undefined, path, level });
  const variant = useBottomNavVariant();
  const signOut = useSignOut();
  const close = () => onOpenChange(false);

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Menu" variant="sheet">
      <nav aria-label="Menu" className="mobile-menu">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={close} aria-current={isActiveLink(link, path) ? 'page' : undefined}>
                {link.label}
              </Link>
            </li>
          ))}
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
