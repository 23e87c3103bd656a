import { Link, useRouterState } from '@tanstack/react-router';
import { Dialog } from '../../ui/Dialog';
import { useAuth } from '../../app/auth/authStore';
import { useSignOut } from '../auth';
import { WalletButtonSlot } from '../wallet';
import { isActiveLink, menuLinks } from '../../domain/navigation';

/** Slide-out menu: the header's links (Settings, Profile, Teach, Sign In among them), a member's wallet area, Sign Out. */
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
      {user ? (
        <section className="mobile-menu__section" aria-labelledby="menu-wallet-heading">
          <h3 id="menu-wallet-heading">Wallet</h3>
          <WalletButtonSlot />
        </section>
      ) : null}
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
