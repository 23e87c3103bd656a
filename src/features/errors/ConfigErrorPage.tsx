import { ERROR_SCREEN_TEXT } from '../../domain/errors/screenText';

/** Shown instead of the app when required backend settings are missing (docs/product.md § Sync: the app's configuration). */
export function ConfigErrorPage({ missing, detail }: { missing: string[]; detail?: string }) {
  return (
    <div className="page error-page" role="alert">
      <h1>Pneuma is not configured</h1>
      <p>The app needs its backend settings before it can start. Missing:</p>
      <ul>
        {missing.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
      {detail ? <p className="muted">While loading /config.json: {detail}</p> : null}
      <p className="muted">
        Start the app with <code>npm start</code> (it serves /config.json), or build it with
        VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set.
      </p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {ERROR_SCREEN_TEXT.refreshPage}
      </button>
    </div>
  );
}
