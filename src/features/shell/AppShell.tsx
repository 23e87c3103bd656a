import type { ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import { BottomNav } from './BottomNav';
import { useChromeReceded } from './immersiveChrome';

/**
 * The main layout around every route except /auth and /onboarding. While a session is
 * immersive the header (with the sync badge) and the footer recede: they fade out and
 * are inert, so neither a tap nor the keyboard reaches them.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const receded = useChromeReceded();
  return (
    <div className="app-shell" data-immersive={receded ? 'true' : undefined}>
      <a href="#main" className="skip-link" inert={receded}>
        Skip to content
      </a>
      <div className="app-shell__chrome" inert={receded}>
        <Header />
      </div>
      <main id="main" tabIndex={-1} className="app-main">
        {children}
      </main>
      <div className="app-shell__chrome" inert={receded}>
        <Footer />
      </div>
      <BottomNav />
    </div>
  );
}
