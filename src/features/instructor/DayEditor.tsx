import { useState } from 'react';
import { COURSE_LIMITS, dayLabel, type CourseDay } from '../../domain/instructor/course';
import { courseProgramOf, PROGRAMS_PER_DAY_MAX } from '../../domain/instructor/courseProgram';
import type { Program } from '../../domain/programs/programTypes';
import { timingLabel } from '../../domain/patterns';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import type { PatternChoice } from './coursePatterns';

interface Props {
  day: CourseDay;
  index: number;
  count: number;
  choices: readonly PatternChoice[];
  /** The instructor's own programs (made at /create), which a day may also hold. */
  programs: readonly Program[];
  errors: Record<string, string>;
  onChange(next: CourseDay): void;
  onMove(to: number): void;
  onRemove(): void;
}

/** One day of a course in the editor: its patterns (added from a list), a note, its place. */
export function DayEditor({ day, index, count, choices, programs, errors, onChange, onMove, onRemove }: Props) {
  const label = dayLabel(index);
  const [pick, setPick] = useState(choices[0]?.value ?? '');
  const patternsError = errors[`days.${index}.patterns`];
  const full = day.patterns.length >= COURSE_LIMITS.patternsPerDayMax;
  const add = () => {
    const c = choices.find((x) => x.value === pick);
    if (c && !full) onChange({ ...day, patterns: [...day.patterns, c.pattern] });
  };
  const [programPick, setProgramPick] = useState('');
  const dayPrograms = day.programs ?? [];
  const programsFull = dayPrograms.length >= PROGRAMS_PER_DAY_MAX;
  const addProgram = () => {
    const p = programs.find((x) => x.id === (programPick || programs[0]?.id));
    if (!p || programsFull) return;
    const { id, builtIn: _builtIn, ...definition } = p;
    onChange({ ...day, programs: [...dayPrograms, courseProgramOf(id, definition)] });
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
      <DayItemList
        listLabel={`Patterns of ${label}`}
        dayLabel={label}
        items={day.patterns.map((p) => ({ id: p.id, name: p.name, detail: timingLabel(p) }))}
        empty="No patterns yet."
        onRemove={(i) => onChange({ ...day, patterns: day.patterns.filter((_, j) => j !== i) })}
      />
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
      <DayItemList
        listLabel={`Programs of ${label}`}
        dayLabel={label}
        items={dayPrograms.map((g) => ({ id: g.id, name: g.name, detail: '(program)' }))}
        onRemove={(i) => onChange({ ...day, programs: dayPrograms.filter((_, j) => j !== i) })}
      />
      {programs.length ? (
        <div className="row teach-add-pattern">
          <label htmlFor={`day-program-pick-${index}`} className="field__label">
            Program for {label}
          </label>
          <select
            id={`day-program-pick-${index}`}
            className="field__input"
            value={programPick || programs[0]!.id}
            onChange={(e) => setProgramPick(e.target.value)}
          >
            {programs.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} (your program)
              </option>
            ))}
          </select>
          <Button type="button" variant="secondary" size="sm" onClick={addProgram} disabled={programsFull}>
            Add program to {label}
          </Button>
        </div>
      ) : null}
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

interface DayItem {
  id: string;
  name: string;
  /** Shown muted after the name. */
  detail: string;
}

/** What one day holds (its patterns, or its programs), each with its Remove button. */
function DayItemList({
  listLabel,
  dayLabel,
  items,
  empty,
  onRemove,
}: {
  listLabel: string;
  dayLabel: string;
  items: readonly DayItem[];
  /** Said when there is nothing; without it an empty list shows nothing. */
  empty?: string;
  onRemove(index: number): void;
}) {
  if (!items.length) return empty ? <p className="muted">{empty}</p> : null;
  return (
    <ul className="list-reset stack" aria-label={listLabel}>
      {items.map((item, i) => (
        <li key={`${item.id}-${i}`} className="row teach-section-head">
          <span>
            {item.name} <span className="muted">{item.detail}</span>
          </span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-label={`Remove ${item.name} from ${dayLabel}`}
            onClick={() => onRemove(i)}
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
