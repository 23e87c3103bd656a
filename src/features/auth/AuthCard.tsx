import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/Card';

/** The frame of every /auth form: the card outside the main layout, the home link, the title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby="auth-title">
        <Link to="/" className="auth-card__brand" aria-label="Pneuma home">
          <img src="/icons/icon-192.png" alt="" width="40" height="40" />
        </Link>
        <h1 id="auth-title">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
