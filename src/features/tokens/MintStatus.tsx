/** The live line of the running transaction (polite: it changes every second or so). */
export function MintStatus({ text, tone }: { text: string | null; tone?: 'error' | 'done' }) {
  return (
    <p
      className={['token-status', tone && `token-status--${tone}`].filter(Boolean).join(' ')}
      role="status"
      aria-live="polite"
    >
      {text ?? ''}
    </p>
  );
}
