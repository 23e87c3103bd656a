/**
 * The program builder on /create (docs/product.md § Programs): a name, then segments
 * (breathing with an optional rise, a timed hold, a retention, a rest) in order. Saved on
 * this device through the one program schema, then opened.
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { createCustomProgram, ProgramValidationError } from '../../data/customProgramsRepo';
import {
  draftToProgramInput,
  emptyProgramDraft,
  newSegmentDraft,
  type ProgramDraft,
  type SegmentDraft,
} from '../../domain/programs/programDraft';
import { parseProgram } from '../../domain/programs/programSchema';
import { plannedLengthText } from '../../domain/programs/programText';
import { PROGRAM_CATEGORIES } from '../../domain/programs/programTypes';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Field, SelectField, TextAreaField } from '../../ui/Field';
import './programs.css';

const CATEGORY_OPTIONS = PROGRAM_CATEGORIES.map((c) => ({
  value: c,
  label: {
    progressive: 'Progressive',
    apnea: 'Breath-hold table',
    wim_hof: 'Wim Hof',
    calm: 'Calm',
  }[c],
}));

const KIND_TEXT: Record<SegmentDraft['kind'], string> = {
  breathe: 'Breathing',
  hold: 'Timed hold',
  retention: 'Retention (stopwatch)',
  rest: 'Rest',
};

export function ProgramBuilder() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ProgramDraft>(emptyProgramDraft);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const parsed = parseProgram(draftToProgramInput(draft));

  const set = (patch: Partial<ProgramDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setSegment = (i: number, patch: Partial<SegmentDraft>) =>
    setDraft((d) => ({
      ...d,
      segments: d.segments.map((s, k) => (k === i ? ({ ...s, ...patch } as SegmentDraft) : s)),
    }));
  const move = (i: number, by: number) =>
    setDraft((d) => {
      const segments = [...d.segments];
      const [s] = segments.splice(i, 1);
      segments.splice(Math.max(0, Math.min(segments.length, i + by)), 0, s!);
      return { ...d, segments };
    });
  const remove = (i: number) =>
    setDraft((d) => ({ ...d, segments: d.segments.filter((_, k) => k !== i) }));
  const add = (kind: SegmentDraft['kind']) =>
    setDraft((d) => ({ ...d, segments: [...d.segments, newSegmentDraft(kind)] }));

  const save = async () => {
    if (!parsed.ok) {
      setError(parsed.error);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const userId = auth.status === 'signedIn' && auth.user ? auth.user.id : null;
      const row = await createCustomProgram(draftToProgramInput(draft), { userId });
      await navigate({ to: '/programs/$programId', params: { programId: row.id } });
    } catch (e) {
      setError(
        e instanceof ProgramValidationError
          ? e.message
          : 'The program could not be saved on this device. Try again.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      as="section"
      id="program"
      aria-labelledby="program-builder-title"
      className="program-builder"
    >
      <h2 id="program-builder-title">Make a program</h2>
      <p>
        A whole session in segments: breathing (optionally lengthening as you go), timed holds,
        retentions and rests.
      </p>
      <Field
        label="Program name"
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
        maxLength={80}
      />
      <TextAreaField
        label="Description"
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        rows={2}
      />
      <SelectField
        label="Kind"
        value={draft.category}
        options={CATEGORY_OPTIONS}
        onChange={(e) => set({ category: e.target.value as ProgramDraft['category'] })}
      />
      <TextAreaField
        label="Safety note (optional)"
        hint="Shown before the program starts; recommended for breath holds."
        value={draft.safetyNote}
        onChange={(e) => set({ safetyNote: e.target.value })}
        rows={2}
      />
      <ol className="program-builder__segments" aria-label="Segments">
        {draft.segments.map((s, i) => (
          <li key={i} className="program-builder__segment">
            <fieldset>
              <legend>
                {i + 1}. {KIND_TEXT[s.kind]}
              </legend>
              <Field
                label="Label (optional)"
                value={s.label}
                onChange={(e) => setSegment(i, { label: e.target.value })}
                maxLength={40}
              />
              <SegmentFields s={s} onChange={(patch) => setSegment(i, patch)} />
              <div className="program-builder__row">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => move(i, -1)}
                  disabled={i === 0}
                  aria-label={`Move segment ${i + 1} up`}
                >
                  Up
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => move(i, 1)}
                  disabled={i === draft.segments.length - 1}
                  aria-label={`Move segment ${i + 1} down`}
                >
                  Down
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => remove(i)}
                  aria-label={`Remove segment ${i + 1}`}
                >
                  Remove
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="program-builder__row">
        {(Object.keys(KIND_TEXT) as SegmentDraft['kind'][]).map((k) => (
          <Button key={k} variant="secondary" size="sm" onClick={() => add(k)}>
            Add {KIND_TEXT[k].toLowerCase()}
          </Button>
        ))}
      </div>
      <p role="status" data-testid="program-builder-status">
        {parsed.ok ? plannedLengthText(parsed.program) : parsed.error}
      </p>
      {error ? (
        <p role="alert" className="field__error">
          {error}
        </p>
      ) : null}
      <Button onClick={() => void save()} disabled={saving} data-testid="program-save">
        Save program
      </Button>
    </Card>
  );
}

function SegmentFields({
  s,
  onChange,
}: {
  s: SegmentDraft;
  onChange: (patch: Partial<SegmentDraft>) => void;
}) {
  const num = (label: string, value: string, key: string, hint?: string) => (
    <Field
      label={label}
      hint={hint}
      value={value}
      inputMode="decimal"
      onChange={(e) => onChange({ [key]: e.target.value } as Partial<SegmentDraft>)}
    />
  );
  switch (s.kind) {
    case 'breathe':
      return (
        <div className="program-builder__grid">
          {num('Inhale (s)', s.inhale, 'inhale')}
          {num(
            'Top-up inhale (s)',
            s.topup,
            'topup',
            'A sigh’s short second inhale; empty for none',
          )}
          {num('Hold (s)', s.hold, 'hold')}
          {num('Exhale (s)', s.exhale, 'exhale')}
          {num('Hold after exhale (s)', s.pause, 'pause')}
          <SelectField
            label="Runs for"
            value={s.lengthKind}
            options={[
              { value: 'cycles', label: 'Cycles' },
              { value: 'seconds', label: 'Seconds (whole cycles)' },
            ]}
            onChange={(e) => onChange({ lengthKind: e.target.value as 'cycles' | 'seconds' })}
          />
          {num(s.lengthKind === 'cycles' ? 'Cycles' : 'Seconds', s.length, 'length')}
          {num('Rise per phase (s)', s.rampStep, 'rampStep', 'Empty for a steady pattern')}
          {num('Every (cycles)', s.rampEvery, 'rampEvery')}
          {num('Up to (s per phase)', s.rampMax, 'rampMax')}
        </div>
      );
    case 'hold':
      return (
        <div className="program-builder__grid">
          {num('Seconds', s.seconds, 'seconds')}
          <SelectField
            label="Lungs"
            value={s.lungs}
            options={[
              { value: 'full', label: 'Full (after an inhale)' },
              { value: 'empty', label: 'Empty (after an exhale)' },
            ]}
            onChange={(e) => onChange({ lungs: e.target.value as 'full' | 'empty' })}
          />
          <label className="program-builder__check">
            <input
              type="checkbox"
              checked={s.endsOnTap}
              onChange={(e) => onChange({ endsOnTap: e.target.checked })}
            />{' '}
            A tap ends it early
          </label>
        </div>
      );
    case 'retention':
      return (
        <p>
          Hold on empty lungs as long as is comfortable; a stopwatch times it and a tap ends it.
        </p>
      );
    case 'rest':
      return <div className="program-builder__grid">{num('Seconds', s.seconds, 'seconds')}</div>;
  }
}
