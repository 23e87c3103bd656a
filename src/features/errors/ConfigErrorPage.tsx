import { useEffect } from 'react';
import { ERROR_SCREEN_TEXT } from '../../domain/errors/screenText';

/**
 * Shown instead of the app when required backend settings are missing (docs/product.md
 * § Sync: the app's configuration). The person reads what they can do; the names of the
 * missing settings go to the console for whoever runs the app (and the README says how).
 */
export function ConfigErrorPage({ missing, detail }: { missing: string[]; detail?: string }) {
  useEffect(() => {
    console.error(
      `[pneuma] the app's backend settings are missing: ${missing.join(', ')}${detail ? ` (while loading /config.json: ${detail})` : ''}. Start it with npm start (it serves /config.json), or build it with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set.`,
    );
  }, [missing, detail]);
  return (
    <div className="page error-page" role="alert">
      <h1>Pneuma cannot start right now</h1>
      <p>This copy of the app is not set up to reach its server. Try again later.</p>
      <p className="muted">
        If you run this app: the browser console names the missing settings, and the README
        says how to set them.
      </p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {ERROR_SCREEN_TEXT.refreshPage}
      </button>
    </div>
  );
}
