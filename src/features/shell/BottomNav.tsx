import { Link, useRouterState } from '@tanstack/react-router';
import { bottomTabsA, bottomTabsB, isActiveLink, isBottomNavHidden } from '../../domain/navigation';
import { useAuth } from '../../app/auth/authStore';
import { useBottomNavVariant } from './navPreference';
import { useHasHistory } from '../../data/hooks';
import { NavIcon } from './NavIcon';

/** Touch/mobile bottom navigation, signed-in and guest variants; hidden on session and auth paths. */
export function BottomNav() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const { user } = useAuth();
  const variant = useBottomNavVariant();
  const hasHistory = useHasHistory();
  if (isBottomNavHidden(path)) return null;
  const tabs =
    variant === 'A' ? bottomTabsA() : bottomTabsB({ signedIn: Boolean(user), hasHistory });

  return (
    <nav aria-label="Bottom" className="bottom-nav">
      <ul>
        {tabs.map((tab) => {
          const active = !tab.search && isActiveLink({ to: tab.to, label: tab.label }, path);
          return (
            <li key={tab.label}>
              <Link
                to={tab.to}
                search={tab.search}
                aria-current={active ? 'page' : undefined}
                className="bottom-nav__tab"
              >
                <NavIcon name={tab.label} />
                <span>{tab.label}</span>
                {tab.badge ? (
                  <span className="badge badge--primary bottom-nav__badge">{tab.badge}</span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      {variant === 'B' ? (
        <Link
          to="/session/$mode"
          params={{ mode: 'classic' }}
          className="bottom-nav__fab"
          aria-label="Start a classic session"
        >
          <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </Link>
      ) : null}
    </nav>
  );
}
