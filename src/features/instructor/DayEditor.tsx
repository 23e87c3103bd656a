import { useState } from 'react';
import { COURSE_LIMITS, dayLabel, type CourseDay } from '../../domain/instructor/course';
import { timingLabel } from '../../domain/patterns';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import type { PatternChoice } from './coursePatterns';

interface Props {
  day: CourseDay;
  index: number;
  count: number;
  choices: readonly PatternChoice[];
  errors: Record<string, string>;
  onChange(next: CourseDay): void;
  onMove(to: number): void;
  onRemove(): void;
}

/** One day of a course in the editor: its patterns (added from a list), a note, its place. */
export function DayEditor({ day, index, count, choices, errors, onChange, onMove, onRemove }: Props) {
  const label = dayLabel(index);
  const [pick, setPick] = useState(choices[0]?.value ?? '');
  const patternsError = errors[`days.${index}.patterns`];
  const full = day.patterns.length >= COURSE_LIMITS.patternsPerDayMax;
  const add = () => {
    const c = choices.find((x) => x.value === pick);
    if (c && !full) onChange({ ...day, patterns: [...day.patterns, c.pattern] });
  };
  return (
    <li className="card stack teach-day" aria-labelledby={`day-title-${index}`}>
      <div className="row teach-section-head">
        <h3 id={`day-title-${index}`}>{label}</h3>
        <div className="row">
          <Button type="button" variant="ghost" size="sm" id={`day-up-${index}`} disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${label} up`}>
            ↑ Up
          </Button>
          <Button type="button" variant="ghost" size="sm" id={`day-down-${index}`} disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move ${label} down`}>
            ↓ Down
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${label}`}>
            Remove
          </Button>
        </div>
      </div>
      {day.patterns.length ? (
        <ul className="list-reset stack" aria-label={`Patterns of ${label}`}>
          {day.patterns.map((p, i) => (
            <li key={`${p.id}-${i}`} className="row teach-section-head">
              <span>
                {p.name} <span className="muted">{timingLabel(p)}</span>
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove ${p.name} from ${label}`}
                onClick={() => onChange({ ...day, patterns: day.patterns.filter((_, j) => j !== i) })}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No patterns yet.</p>
      )}
      <div className="row teach-add-pattern">
        <label htmlFor={`day-pick-${index}`} className="field__label">
          Pattern for {label}
        </label>
        <select
          id={`day-pick-${index}`}
          className="field__input"
          value={pick}
          aria-invalid={patternsError ? true : undefined}
          aria-describedby={patternsError ? `day-patterns-error-${index}` : undefined}
          onChange={(e) => setPick(e.target.value)}
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <Button type="button" variant="secondary" size="sm" onClick={add} disabled={full}>
          Add to {label}
        </Button>
      </div>
      {patternsError ? (
        <div id={`day-patterns-error-${index}`} className="field__error" role="alert">
          {patternsError}
        </div>
      ) : null}
      <TextAreaField
        label={`Note for ${label}`}
        hint="What to focus on today (optional)."
        rows={2}
        value={day.note}
        maxLength={COURSE_LIMITS.noteMax}
        error={errors[`days.${index}.note`]}
        onChange={(e) => onChange({ ...day, note: e.target.value })}
      />
    </li>
  );
}
