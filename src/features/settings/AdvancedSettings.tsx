import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { LoadingDots } from '../../ui/LoadingDots';
import { buttonClass } from '../../ui/Button';

// The desktop panel loads only when someone opens it here (never part of the first load, nor
// of the install: scripts/precache/precachePolicy.ts). Offline before its first opening, its
// code cannot load: the section says so instead of failing.
const DesktopPanel = lazy(() =>
  import('../desktop-panel').catch(() => ({
    default: () => (
      <p role="status">The desktop options need a connection the first time they open.</p>
    ),
  })),
);

/** A desktop: a wide screen and a mouse (the desktop panel is about desktops only). */
const DESKTOP_QUERY = '(min-width: 64rem) and (pointer: fine)';

function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(DESKTOP_QUERY);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => false,
  );
}

/**
 * Settings > Advanced (docs/product.md § Around the practice): the 'advanced' session preset
 * (a Box Breathing session with the timing monitor) and, on a desktop, the desktop panel
 * (measurements of this device, display and window options). Neither is on a screen a person
 * meets without asking for it.
 */
export function AdvancedSettings() {
  const isDesktop = useIsDesktop();
  const [panelOpen, setPanelOpen] = useState(false);
  return (
    <>
      <div className="settings-advanced__item">
        <p>
          A Box Breathing session that shows, as you breathe, how closely this screen keeps to the
          breath.
        </p>
        <Link
          to="/session/$mode"
          params={{ mode: 'classic' }}
          search={{ pattern: 'box', monitor: 'timing' }}
          className={buttonClass('secondary')}
        >
          Practice with the timing monitor
        </Link>
      </div>
      {isDesktop ? (
        <div className="settings-advanced__item">
          <p>Focus mode, fullscreen, a second display, shortcuts and what this computer can do.</p>
          <button
            type="button"
            className={buttonClass('secondary')}
            aria-expanded={panelOpen}
            aria-controls={panelOpen ? 'desktop-panel' : undefined}
            onClick={() => setPanelOpen((o) => !o)}
          >
            {panelOpen ? 'Hide desktop options' : 'Desktop options'}
          </button>
          {panelOpen ? (
            <Suspense fallback={<LoadingDots label="Loading the desktop options" />}>
              <DesktopPanel />
            </Suspense>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
