import './windDownEnd.css';

/**
 * A program's quiet end in wind-down mode (docs/product.md § Sleep and sound), like a
 * pattern session's (./CompletionView's QuietEnd on the immersive stage): a black stage, no
 * figures, the words coming up slowly out of it, and the results one tap away. Shown after
 * the one save path ran.
 */
export function WindDownEnd({
  title,
  completed,
  saved,
  onResults,
}: {
  title: string;
  completed: boolean;
  /** Stored on this device (false: practice without tracking is on). */
  saved: boolean;
  onResults: () => void;
}) {
  return (
    <section
      className="wind-down-stage"
      aria-labelledby="wind-down-stage-title"
      data-testid="wind-down-end"
    >
      <p className="wind-down-stage__name">{title}</p>
      <h1 id="wind-down-stage-title">{completed ? 'Sleep well' : 'Session ended'}</h1>
      <p role="status">
        {saved ? 'Saved on this device.' : 'Not saved: practice without tracking is on.'}
      </p>
      <button type="button" className="completion__quiet-link" onClick={onResults}>
        See the results
      </button>
    </section>
  );
}
