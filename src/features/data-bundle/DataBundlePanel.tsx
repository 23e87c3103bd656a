import '../sync/sync.css';
import { useId, useRef, useState } from 'react';
import {
  BundleImportError,
  buildBundle,
  bundleFileName,
  importBundle,
  parseBundle,
  type ImportSummary,
} from './bundle';

function describeSummary(s: ImportSummary): string {
  const parts = [
    `${s.sessionsAdded} ${s.sessionsAdded === 1 ? 'session' : 'sessions'} added`,
    s.sessionsAlreadyHere ? `${s.sessionsAlreadyHere} already on this device` : null,
    s.patternsAdded ? `${s.patternsAdded} ${s.patternsAdded === 1 ? 'pattern' : 'patterns'} added` : null,
    s.patternsUpdated ? `${s.patternsUpdated} updated` : null,
  ].filter(Boolean);
  return `Import complete: ${parts.join(', ')}. Preferences applied.`;
}

/**
 * Export and import of the offline data bundle (sessions, patterns, userPreferences) as a
 * JSON file. For the profile or progress screen.
 */
export function DataBundlePanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ kind: 'ok' | 'error'; text: string; problems?: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const onExport = async () => {
    setStatus(null);
    try {
      const bundle = await buildBundle();
      const blob = new Blob([JSON.stringify(bundle, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = bundleFileName();
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setStatus({
        kind: 'ok',
        text: `Exported ${bundle.sessions.length} ${bundle.sessions.length === 1 ? 'session' : 'sessions'} and ${bundle.patterns.length} custom ${bundle.patterns.length === 1 ? 'pattern' : 'patterns'}.`,
      });
    } catch (e) {
      setStatus({ kind: 'error', text: `Export failed: ${e instanceof Error ? e.message : String(e)}` });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setStatus(null);
    try {
      const text = await file.text();
      const bundle = parseBundle(text);
      const summary = await importBundle(bundle);
      setStatus({ kind: 'ok', text: describeSummary(summary) });
    } catch (e) {
      if (e instanceof BundleImportError) {
        setStatus({ kind: 'error', text: e.message, problems: e.problems.length > 1 ? e.problems.slice(0, 20) : undefined });
      } else {
        setStatus({ kind: 'error', text: `Import failed: ${e instanceof Error ? e.message : String(e)}` });
      }
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <section className="data-bundle" aria-labelledby={`${inputId}-heading`}>
      <Heading id={`${inputId}-heading`}>Your data on this device</Heading>
      <p className="muted">
        Download your sessions, custom patterns and preferences as a file, or bring them in from a file exported
        earlier. Importing never duplicates a session.
      </p>
      <div className="data-bundle__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void onExport()}>
          Export data
        </button>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <label htmlFor={inputId} className="btn btn--secondary" aria-disabled={busy}>
          {busy ? 'Importing…' : 'Import data'}
        </label>
      </div>
      <div role={status?.kind === 'error' ? 'alert' : 'status'} aria-live="polite" className={status?.kind === 'error' ? 'data-bundle__error' : undefined}>
        {status ? <p>{status.text}</p> : null}
        {status?.problems ? (
          <ul>
            {status.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
