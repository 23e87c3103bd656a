import type { ReactNode } from 'react';

/**
 * An honest placeholder for a screen whose content lands in a later release: its heading,
 * what it will hold, and nothing invented.
 */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="muted">This screen is still being built. Nothing here is live yet.</p>
      {children}
    </div>
  );
}
