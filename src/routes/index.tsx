import { createFileRoute, Link } from '@tanstack/react-router';
import { HomeScreen } from '../features/home';
import { MobileOnboarding } from '../features/onboarding';

export const Route = createFileRoute('/')({
  // ?prompt=share: Share was chosen before any session existed (docs/product.md § Sharing and community).
  validateSearch: (s: Record<string, unknown>): { prompt?: 'share' } =>
    s.prompt === 'share' ? { prompt: 'share' } : {},
  component: Home,
});

function Home() {
  const { prompt } = Route.useSearch();
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
      <MobileOnboarding />
      <HomeScreen variant="basic" />
    </>
  );
}
