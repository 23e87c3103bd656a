import { useState } from 'react';
import type { ShareStats } from '../../domain/share/shareStats';
import { Button } from '../../ui/Button';
import { downloadStatsCard } from './statsCard';

/** Download Card: saves the 800x600 progress card as a PNG. */
export function DownloadCardButton({ stats, timeZone }: { stats: ShareStats; timeZone: string }) {
  const [state, setState] = useState<{ busy: boolean; message?: string }>({ busy: false });
  return (
    <div className="download-card">
      <Button
        variant="secondary"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true });
          try {
            const name = await downloadStatsCard(stats, new Date(), timeZone);
            setState({ busy: false, message: `Saved ${name}.` });
          } catch (e) {
            setState({ busy: false, message: e instanceof Error ? e.message : 'The card could not be made.' });
          }
        }}
      >
        Download Card
      </Button>
      <span role="status" className="muted">
        {state.message}
      </span>
    </div>
  );
}
