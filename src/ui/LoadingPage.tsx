import { LoadingDots } from './LoadingDots';

/**
 * A page that is still reading its data: its heading and the loading status, so the
 * prerendered HTML (and a slow device) already shows where the user is.
 */
export function LoadingPage({ heading, label, className = '' }: { heading: string; label?: string; className?: string }) {
  return (
    <div className={`page stack ${className}`.trim()}>
      <h1>{heading}</h1>
      <LoadingDots label={label} />
    </div>
  );
}
