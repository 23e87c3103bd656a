import '../sync/sync.css';
import { useId, useRef, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { deviceTimeZone } from '../../app/practiceReminders';
import { db } from '../../data/db';
import { formatMindfulCsv, formatSessionsCsv } from '../../domain/export/sessionsCsv';
import {
  BundleImportError,
  buildBundle,
  bundleFileName,
  sectionSize,
  type ImportSummary,
} from './bundle';
import {
  describePlan,
  planImport,
  runImport,
  type CsvImportSummary,
  type ImportPlan,
} from './importFile';

function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the data file (JSON bundle) of this device; resolves with what it holds. */
export async function downloadDataFile(): Promise<{ sessions: number; patterns: number }> {
  const bundle = await buildBundle();
  download(JSON.stringify(bundle, null, 2), bundleFileName(), 'application/json');
  return { sessions: sectionSize(bundle, 'sessions'), patterns: sectionSize(bundle, 'patterns') };
}

function describeCsvSummary(s: CsvImportSummary): string {
  const parts = [`${s.sessionsAdded} ${s.sessionsAdded === 1 ? 'session' : 'sessions'} added`];
  if (s.sessionsAlreadyHere) parts.push(`${s.sessionsAlreadyHere} already on this device`);
  return `Import complete: ${parts.join(', ')}.`;
}

function describeSummary(summary: ImportSummary): string {
  const s = (count: keyof ImportSummary & string) => Number(summary[count] ?? 0);
  const parts = [
    `${s('sessionsAdded')} ${s('sessionsAdded') === 1 ? 'session' : 'sessions'} added`,
    s('sessionsAlreadyHere') ? `${s('sessionsAlreadyHere')} already on this device` : null,
    s('patternsAdded')
      ? `${s('patternsAdded')} ${s('patternsAdded') === 1 ? 'pattern' : 'patterns'} added`
      : null,
    s('patternsUpdated') ? `${s('patternsUpdated')} updated` : null,
    s('programsAdded')
      ? `${s('programsAdded')} ${s('programsAdded') === 1 ? 'program' : 'programs'} added`
      : null,
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
  const [status, setStatus] = useState<{
    kind: 'ok' | 'error';
    text: string;
    problems?: string[];
  } | null>(null);
  const [busy, setBusy] = useState(false);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const auth = useAuth();
  const [plan, setPlan] = useState<ImportPlan | null>(null);

  const onExport = async () => {
    setStatus(null);
    try {
      const n = await downloadDataFile();
      setStatus({
        kind: 'ok',
        text: `Exported ${n.sessions} ${n.sessions === 1 ? 'session' : 'sessions'} and ${n.patterns} custom ${n.patterns === 1 ? 'pattern' : 'patterns'}.`,
      });
    } catch (e) {
      setStatus({
        kind: 'error',
        text: `Export failed: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
  };

  const onExportCsv = async (which: 'sessions' | 'mindful') => {
    setStatus(null);
    try {
      const sessions = await db.sessions.toArray();
      const day = new Date().toISOString().slice(0, 10);
      const tz = deviceTimeZone();
      if (which === 'sessions')
        download(
          formatSessionsCsv(sessions, tz),
          `pneuma-sessions-${day}.csv`,
          'text/csv;charset=utf-8',
        );
      else
        download(
          formatMindfulCsv(sessions, tz),
          `pneuma-mindful-minutes-${day}.csv`,
          'text/csv;charset=utf-8',
        );
      setStatus({
        kind: 'ok',
        text: `Exported ${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'} as CSV.`,
      });
    } catch (e) {
      setStatus({
        kind: 'error',
        text: `Export failed: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setStatus(null);
    setPlan(null);
    try {
      setPlan(await planImport(await file.text()));
    } catch (e) {
      if (e instanceof BundleImportError) {
        setStatus({
          kind: 'error',
          text: e.message,
          problems: e.problems.length > 1 ? e.problems.slice(0, 20) : undefined,
        });
      } else {
        setStatus({ kind: 'error', text: e instanceof Error ? e.message : String(e) });
      }
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const onConfirm = async () => {
    if (!plan) return;
    setBusy(true);
    try {
      const summary = await runImport(plan, auth.user?.id ?? null);
      setStatus({
        kind: 'ok',
        text:
          'preferencesApplied' in summary ? describeSummary(summary) : describeCsvSummary(summary),
      });
      setPlan(null);
    } catch (e) {
      setStatus({
        kind: 'error',
        text: `Import failed: ${e instanceof Error ? e.message : String(e)}. Nothing was changed.`,
      });
    } finally {
      setBusy(false);
    }
  };

  const preview = plan ? describePlan(plan) : null;

  return (
    <section className="data-bundle" aria-labelledby={`${inputId}-heading`}>
      <Heading id={`${inputId}-heading`}>Your data on this device</Heading>
      <p className="muted">
        Download your sessions, custom patterns and preferences as a file, or your sessions as a
        spreadsheet (CSV). The mindful-minutes CSV (start and end of each session) is for health
        apps that import CSV. Import reads Pneuma’s data file or sessions CSV, shows what it holds
        first, and never duplicates a session.
      </p>
      <div className="data-bundle__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void onExport()}>
          Export data
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void onExportCsv('sessions')}
        >
          Export sessions (CSV)
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void onExportCsv('mindful')}
        >
          Export mindful minutes (CSV)
        </button>
        <input
          ref={fileRef}
          id={inputId}
          type="file"
          accept="application/json,.json,text/csv,.csv"
          className="visually-hidden"
          disabled={busy}
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
        <label htmlFor={inputId} className="btn btn--secondary" aria-disabled={busy}>
          {busy ? 'Importing…' : 'Import data'}
        </label>
      </div>
      {plan && preview ? (
        <div className="data-bundle__preview" role="group" aria-label="Import preview">
          <p>
            <strong>{preview.question}</strong>
          </p>
          {preview.notes.map((n) => (
            <p key={n} className="muted">
              {n}
            </p>
          ))}
          {plan.refusals.length ? (
            <ul aria-label="Refused rows">
              {plan.refusals.slice(0, 50).map((r) => (
                <li key={r.line}>
                  Line {r.line}: {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="data-bundle__actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void onConfirm()}
            >
              Import
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy}
              onClick={() => setPlan(null)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <div
        role={status?.kind === 'error' ? 'alert' : 'status'}
        aria-live="polite"
        className={status?.kind === 'error' ? 'data-bundle__error' : undefined}
      >
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
