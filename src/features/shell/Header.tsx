import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { headerLinks, isActiveLink } from '../../domain/navigation';
import { useAuth } from '../../app/auth/authStore';
import { useSignOut } from '../auth';
import { SyncBadge } from '../sync';
import { BrandMark } from '../../ui/BrandMark';

// The slide-out menu (and its dialog library) loads only when first opened.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })));

/**
 * Top bar: brand, the links open to the user by sign-in state (docs/product.md § Discovery),
 * the sync status, Settings and the mobile menu button. No wallet here: wallets are an
 * extra for members, in Profile and the menu (docs/product.md § Around the practice).
 */
export function Header() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const { user, role, level } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();
  const links = headerLinks({ signedIn: Boolean(user), role: role ?? undefined, path, level });

  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link to="/" className="brand" aria-label="Pneuma home">
          <BrandMark size={32} />
          <span>Pneuma</span>
        </Link>
        <nav aria-label="Main" className="app-header__nav">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="nav-link"
                  aria-current={isActiveLink(link, path) ? 'page' : undefined}
                >
                  {link.label}
                </Link>
              </li>
            ))}
            {user ? (
              <li>
                <button
                  type="button"
                  className="nav-link nav-link--button"
                  onClick={() => void signOut()}
                >
                  Sign Out
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="app-header__status">
          <SyncBadge />
          <Link
            to="/settings"
            className="btn btn--ghost btn--icon app-header__settings"
            aria-label="Settings"
            title="Settings"
            aria-current={path === '/settings' ? 'page' : undefined}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
              <circle cx="16" cy="6" r="2" />
              <circle cx="10" cy="12" r="2" />
              <circle cx="18" cy="18" r="2" />
            </svg>
          </Link>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--icon app-header__menu-button"
          aria-label="Open menu"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M4 7h16M4 12h16M4 17h16"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      ) : null}
    </header>
  );
}
