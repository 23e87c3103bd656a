import { Link, createFileRoute } from '@tanstack/react-router';
import { buttonClass } from '../ui/Button';

export const Route = createFileRoute('/')({
  component: Home,
});

function Home() {
  return (
    <div className="page">
      <h1>Transform your breathing</h1>
      <p className="muted">Peace through patterns. Breathe like never before.</p>
      <Link to="/session/$mode" params={{ mode: 'classic' }} search={{ pattern: 'box' }} className={buttonClass()}>
        Start Classic Session
      </Link>
    </div>
  );
}
