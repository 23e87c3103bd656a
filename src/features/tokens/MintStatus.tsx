/** The live line of the running transaction (polite: it changes every second or so). */
export function MintStatus({
  text,
  tone,
  label,
}: {
  text: string | null;
  tone?: 'error' | 'done';
  label: string;
}) {
  return (
    <p
      className={['token-status', tone && `token-status--${tone}`].filter(Boolean).join(' ')}
      role="status"
      aria-label={label}
      aria-live="polite"
    >
      {text ?? ''}
    </p>
  );
}
