/** An error said in place, announced to screen readers; nothing when there is none. */
export function ErrorLine({ message }: { message?: string | null }) {
  return message ? (
    <p role="alert" className="coach__error">
      {message}
    </p>
  ) : null;
}
