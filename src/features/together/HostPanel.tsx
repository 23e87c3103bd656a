import { useEffect, useState } from 'react';
import { togetherApi } from '../../backend/api/togetherApi';
import { Button } from '../../ui/Button';

/** How often the host's count is read while the screen is visible. */
const COUNT_EVERY_MS = 5000;

/**
 * The host's view of their shared session: the link to pass on and how many joined, as the
 * server counted them (each person once; the host not at all). Read again every few seconds
 * while the page is visible and online; the last count stays when the network drops.
 */
export function HostPanel({ sessionId }: { sessionId: string }) {
  const [joins, setJoins] = useState<number | null>(null);
  const [stale, setStale] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      if (document.visibilityState === 'visible' && navigator.onLine !== false) {
        try {
          const { session } = await togetherApi.read(sessionId);
          if (!stopped) {
            setJoins(session.joins);
            setStale(false);
          }
        } catch {
          if (!stopped) setStale(true);
        }
      }
      if (!stopped) timer = setTimeout(() => void read(), COUNT_EVERY_MS);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [sessionId]);
  return (
    <section className="card together-host" aria-labelledby="together-host-title">
      <h2 id="together-host-title">You are hosting</h2>
      <p data-testid="together-joins" aria-live="polite">
        {joins === null
          ? 'Counting who joined…'
          : `${joins} ${joins === 1 ? 'person has' : 'people have'} joined`}
        {stale && joins !== null ? (
          <span className="muted"> · not updated: no connection</span>
        ) : null}
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(window.location.href);
            setCopied(true);
          } catch {
            setCopied(false);
          }
        }}
      >
        Copy the session’s link
      </Button>
      <span role="status" className="muted">
        {copied ? ' Link copied.' : null}
      </span>
    </section>
  );
}
