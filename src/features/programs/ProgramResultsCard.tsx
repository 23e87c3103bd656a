import type { SessionRecord } from '../../domain/sessionRecord';
import { stopwatchText } from '../../domain/programs/programText';
import { Card } from '../../ui/Card';

/** A program session's measured holds on the results screen: each round's retention, each timed hold. */
export function ProgramResultsCard({ record }: { record: SessionRecord }) {
  const p = record.program;
  if (!p || (!p.retentionsMs.length && !p.holds.length)) return null;
  return (
    <Card as="section" aria-labelledby="program-holds-title" data-testid="program-results">
      <h2 id="program-holds-title">{p.retentionsMs.length ? 'Retention times' : 'Breath holds'}</h2>
      {p.retentionsMs.length ? (
        <ol className="stat-grid" data-testid="result-retentions">
          {p.retentionsMs.map((ms, i) => (
            <li key={i} className="stat">
              <span className="stat__label">Round {i + 1}</span>{' '}
              <span className="stat__value">{stopwatchText(ms)}</span>
            </li>
          ))}
        </ol>
      ) : null}
      {p.holds.length ? (
        <ol data-testid="result-holds">
          {p.holds.map((h) => (
            <li key={h.number}>
              Hold {h.number}: {stopwatchText(h.heldMs)}
              {h.endedEarly ? ` of ${stopwatchText(h.plannedMs)} (ended early)` : ' (held in full)'}
            </li>
          ))}
        </ol>
      ) : null}
    </Card>
  );
}

/** One line under a program session in the history: each round's retention, or the holds held. */
export function ProgramHistoryLine({ record }: { record: SessionRecord }) {
  const p = record.program;
  if (!p) return null;
  if (p.retentionsMs.length)
    return (
      <div className="muted" data-testid="history-retentions">
        Retentions: {p.retentionsMs.map((ms) => stopwatchText(ms)).join(' · ')}
      </div>
    );
  if (p.holds.length) {
    const full = p.holds.filter((h) => !h.endedEarly).length;
    return (
      <div className="muted">
        Holds: {full} of {p.holds.length} held in full
      </div>
    );
  }
  return null;
}
