import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Card } from '../../ui/Card';
import { BrandMark } from '../../ui/BrandMark';

/** The frame of every /auth form: the card outside the main layout, the home link, the title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby="auth-title">
        <Link to="/" className="auth-card__brand" aria-label="Pneuma home">
          <BrandMark size={40} />
        </Link>
        <h1 id="auth-title">{title}</h1>
        {children}
      </Card>
    </div>
  );
}
