import type { ReactNode } from 'react';
import { LoadingDots } from './LoadingDots';

/**
 * A page that is still reading its data: its heading and the loading status, so the
 * prerendered HTML (and a slow device) already shows where the user is.
 */
export function LoadingPage({
  heading,
  label,
  className = '',
  children,
}: {
  heading: string;
  label?: string;
  className?: string;
  /** Shown under the heading, before the loading status. */
  children?: ReactNode;
}) {
  return (
    <div className={`page stack ${className}`.trim()}>
      <h1>{heading}</h1>
      {children}
      <LoadingDots label={label} />
    </div>
  );
}
