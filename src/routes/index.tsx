import { useState } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { HomeScreen } from '../features/home';
import { MobileOnboarding } from '../features/onboarding';
import { InstallHint } from '../features/pwa';
import { WELCOMED_ATTR } from '../domain/prePaintScript';

export const Route = createFileRoute('/')({
  // ?prompt=share: Share was chosen before any session existed (docs/product.md § Sharing and community).
  validateSearch: (s: Record<string, unknown>): { prompt?: 'share' } =>
    s.prompt === 'share' ? { prompt: 'share' } : {},
  component: Home,
});

/** The phone welcome was done on an earlier visit (its pre-paint hint, kept by the welcome). */
function welcomedBefore(): boolean {
  return typeof document !== 'undefined' && document.documentElement.hasAttribute(WELCOMED_ATTR);
}

function Home() {
  const { prompt } = Route.useSearch();
  // One thing at a time on a first visit: the install hint waits until the welcome is done
  // or the person has practised here (docs/product.md § Installing).
  const [welcomeDone, setWelcomeDone] = useState(false);
  return (
    <>
      {prompt === 'share' ? (
        <div className="page" style={{ paddingBottom: 0 }}>
          <p role="status" className="card">
            Sharing starts after your first session: a post is made from your own progress.{' '}
            <Link to="/session">Start a session</Link>
          </p>
        </div>
      ) : null}
      <HomeScreen
        variant="basic"
        welcome={<MobileOnboarding onDone={() => setWelcomeDone(true)} />}
        overlay={(visit) => (
          <InstallHint
            ready={
              visit === 'returning' || (visit === 'first' && (welcomeDone || welcomedBefore()))
            }
          />
        )}
      />
    </>
  );
}
