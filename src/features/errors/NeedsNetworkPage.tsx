import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pageTitle } from '../../domain/pageTitles';
import { buttonClass } from '../../ui/Button';

/** What the device has without a connection: each a precached screen reading local data. */
const ON_THIS_DEVICE = [
  { to: '/session', label: 'Practice', text: 'Every pattern and program breathes offline.' },
  { to: '/progress', label: 'Your progress', text: 'Your sessions and history.' },
  {
    to: '/patterns',
    label: 'Pattern library',
    text: 'The patterns you made or saved, and your favorites.',
  },
  { to: '/settings', label: 'Settings', text: 'Sound, display and reminders.' },
] as const;

/**
 * A page whose code or data needs the server, opened without a connection (docs/product.md
 * § Offline): said calmly, with what the device has, and the page comes back by itself when
 * the network does (the browser's `online` event reloads it).
 */
export function NeedsNetworkPage({ path }: { path: string }) {
  const name = pageTitle(path).replace(/ · Pneuma$/, '');
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    const back = () => window.location.reload();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  return (
    <div className="page error-page needs-network" data-testid="needs-network">
      <h1 ref={headingRef} tabIndex={-1}>
        {name}
      </h1>
      <p role="status">
        {name} needs a connection. This page opens by itself when you are back online.
      </p>
      <section aria-labelledby="needs-network-device">
        <h2 id="needs-network-device">On this device</h2>
        <ul className="needs-network__list">
          {ON_THIS_DEVICE.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className={buttonClass('secondary')}>
                {l.label}
              </Link>
              <span className="muted">{l.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
