import { useSyncExternalStore } from 'react';
import { isNoTracking, onNoTrackingChange, setNoTracking } from '../../app/noTracking';
import { Switch } from '../../ui/Switch';

/**
 * The 'Practice without tracking' switch (docs/product.md § Practice without tracking).
 * Turning it on deletes nothing: the history already here stays, and the text says so.
 */
export function NoTrackingSetting({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const on = useSyncExternalStore(onNoTrackingChange, isNoTracking, () => false);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section className="stack" aria-labelledby="no-tracking-heading">
      <Heading id="no-tracking-heading">Privacy</Heading>
      <Switch
        label="Practice without tracking"
        description="Sessions run and show their results, but nothing is stored on this device or sent to the server. Your existing history is kept; turning this on deletes nothing."
        checked={on}
        onCheckedChange={setNoTracking}
      />
      {on ? (
        <p className="muted" role="status">
          On: new sessions are not kept. Sessions you practiced before stay in your history.
        </p>
      ) : null}
    </section>
  );
}
