import { useState } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { HomeScreen } from '../features/home';
import { MobileOnboarding } from '../features/onboarding';
import { InstallHint } from '../features/pwa';

export const Route = createFileRoute('/')({
  // ?prompt=share: Share was chosen before any session existed (docs/product.md § Sharing and community).
  validateSearch: (s: Record<string, unknown>): { prompt?: 'share' } =>
    s.prompt === 'share' ? { prompt: 'share' } : {},
  component: Home,
});

function Home() {
  const { prompt } = Route.useSearch();
  // One thing at a time: the install hint waits until the welcome is known not to show
  // (done, or not for this visitor) (docs/product.md § Installing).
  const [welcomeShowing, setWelcomeShowing] = useState<boolean | null>(null);
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
        welcome={<MobileOnboarding onShowing={setWelcomeShowing} />}
        overlay={(visit) => <InstallHint ready={visit !== 'unknown' && welcomeShowing === false} />}
      />
    </>
  );
}
