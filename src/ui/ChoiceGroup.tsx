import { useId, type ReactNode } from 'react';

interface Choice<T extends string | number> {
  value: T;
  label: ReactNode;
  description?: ReactNode;
}

/**
 * One choice among a few, as a group of full-width rows (each row at least 44 px tall, the
 * whole row is the target): native radios, so arrow keys move between them and a screen
 * reader names the group by its legend.
 */
export function ChoiceGroup<T extends string | number>({
  legend,
  hint,
  choices,
  value,
  onChange,
  columns,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Short labels (numbers, single words) sit side by side. */
  columns?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="choice-group" aria-describedby={hint ? `${name}-hint` : undefined}>
      <legend className="field__label">{legend}</legend>
      {hint ? (
        <p className="field__hint" id={`${name}-hint`}>
          {hint}
        </p>
      ) : null}
      <div className={columns ? 'choice-group__options choice-group__options--row' : 'choice-group__options'}>
        {choices.map((c) => (
          <label key={String(c.value)} className="choice-group__option">
            <input
              type="radio"
              name={name}
              value={String(c.value)}
              checked={value === c.value}
              onChange={() => onChange(c.value)}
            />
            <span className="choice-group__text">
              <span className="choice-group__label">{c.label}</span>
              {c.description ? <span className="choice-group__description">{c.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
