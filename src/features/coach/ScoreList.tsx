import type { ScoreDetail } from '../../domain/coach/deviceAnalysis';

const NAMES = {
  overall: 'Overall',
  focus: 'Focus',
  consistency: 'Consistency',
  progress: 'Progress',
} as const;
type ScoreName = keyof typeof NAMES;
const ORDER: ScoreName[] = ['overall', 'focus', 'consistency', 'progress'];

/**
 * The scores given (a provider's four; the on-device analysis leaves out its overall, which
 * is the session's own score shown above it); each with what it was computed from when
 * known, or "Not measured".
 */
export function ScoreList({
  scores,
  unit = 'outOf100',
}: {
  scores: Partial<Record<ScoreName, ScoreDetail | number>>;
  /** 'percent' for the on-device measures (the session's one score is out of 100). */
  unit?: 'percent' | 'outOf100';
}) {
  return (
    <dl className="stat-grid coach__scores">
      {ORDER.filter((name) => scores[name] !== undefined).map((name) => {
        const s = scores[name]!;
        const detail = typeof s === 'number' ? { value: s, basis: undefined } : s;
        return (
          <div className="stat" key={name} data-testid={`coach-score-${name}`}>
            <dt className="stat__label">{NAMES[name]}</dt>
            <dd className={detail.value === null ? 'coach__unmeasured' : 'stat__value'}>
              {detail.value === null
                ? 'Not measured'
                : unit === 'percent'
                  ? `${detail.value}%`
                  : `${detail.value} / 100`}
            </dd>
            {detail.basis ? <dd className="coach__basis">{detail.basis}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}

/** Suggestions, next steps and encouragement: the same for both kinds of analysis. */
export function AdviceLists({
  suggestions,
  nextSteps,
  encouragement,
}: {
  suggestions: readonly string[];
  nextSteps: readonly string[];
  encouragement: string;
}) {
  return (
    <>
      <h3 className="coach__subtitle">Suggestions</h3>
      <ul className="coach__list" data-testid="coach-suggestions">
        {suggestions.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <h3 className="coach__subtitle">Next steps</h3>
      <ul className="coach__list" data-testid="coach-next-steps">
        {nextSteps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <p className="coach__encouragement">{encouragement}</p>
    </>
  );
}
