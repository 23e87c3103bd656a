/** The three-dot placeholder shown while a lazy screen loads. */
export function LoadingDots({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="loading-dots" role="status" aria-live="polite">
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
