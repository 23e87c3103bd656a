import type { ReactNode } from 'react';
import { Header } from './Header';
import { Footer } from './Footer';
import { BottomNav } from './BottomNav';

/** The main layout around every route except /auth and /onboarding. */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="app-main">
        {children}
      </main>
      <Footer />
      <BottomNav />
    </div>
  );
}
