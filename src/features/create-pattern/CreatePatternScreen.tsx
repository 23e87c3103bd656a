import './create-pattern.css';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useCustomPatterns } from '../../data/hooks';
import {
  createCustomPattern,
  deleteCustomPattern,
  PatternValidationError,
  updateCustomPattern,
} from '../../data/customPatternsRepo';
import type { CustomPatternRecord } from '../../data/db';
import {
  CATEGORY_LABELS,
  DIFFICULTIES,
  PATTERN_CATEGORIES,
  PHASE_FIELDS,
  PHASE_FIELD_LABELS,
  timingLabel,
} from '../../domain/patterns';
import { PATTERN_LIMITS as LIMITS, type PatternFormValues } from '../../domain/patternSchema';
import {
  EMPTY_FORM,
  parseTimings,
  toFormValues,
  validatePatternForm,
  type PatternFormErrors,
} from '../../domain/patternForm';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { EmptyState } from '../../ui/EmptyState';
import { Field, SelectField, TextAreaField } from '../../ui/Field';
import { useAuth } from '../../app/auth/authStore';
import { notify } from '../../ui/toast';
import { LazyPublishPatternButton, useMyPublications } from '../marketplace-on-demand';
import { PatternPreview } from './PatternPreview';
import { syncRefusalText } from '../../domain/errors/syncRefusal';
import { requestSync } from '../../sync/page/syncEngine';

function SyncBadgeFor({ p, signedIn }: { p: CustomPatternRecord; signedIn: boolean }) {
  if (p.syncState === 'guest' || !signedIn) return <Badge>On this device</Badge>;
  if (p.syncState === 'synced') return <Badge tone="success">Synced</Badge>;
  if (p.syncState === 'failed')
    return <Badge tone="danger">Not synced: {syncRefusalText(p.lastError)}</Badge>;
  return <Badge tone="warning">Waiting to sync</Badge>;
}

/** /create: make, preview, edit and delete custom patterns (local first; synced when signed in). */
export function CreatePatternScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { publications, refresh: refreshPublications } = useMyPublications(userId);
  const patterns = useCustomPatterns(userId);
  const [values, setValues] = useState<PatternFormValues>(EMPTY_FORM);
  const [errors, setErrors] = useState<PatternFormErrors>({});
  const [editing, setEditing] = useState<CustomPatternRecord | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<CustomPatternRecord | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Live preview follows the timings as typed, when they are valid.
  const timings = useMemo(() => parseTimings(values), [values]);

  const set = (field: keyof PatternFormValues) => (v: string) => {
    setValues((cur) => ({ ...cur, [field]: v }));
    if (errors[field]) setErrors((cur) => ({ ...cur, [field]: undefined }));
  };

  const startEdit = (p: CustomPatternRecord) => {
    setEditing(p);
    setValues(toFormValues(p));
    setErrors({});
    headingRef.current?.focus();
    formRef.current?.scrollIntoView({ block: 'start' });
  };

  const reset = () => {
    setEditing(null);
    setValues(EMPTY_FORM);
    setErrors({});
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const r = validatePatternForm(values);
    if (!r.ok) {
      setErrors(r.errors);
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    setSaving(true);
    try {
      if (editing) {
        await updateCustomPattern(editing.id, r.value);
        notify.success(`Saved changes to ${r.value.name}`);
      } else {
        await createCustomPattern(r.value, { userId });
        notify.success(`${r.value.name} saved`);
      }
      reset();
      requestSync();
    } catch (err) {
      if (err instanceof PatternValidationError) {
        const next: PatternFormErrors = {};
        for (const i of err.issues)
          next[(i.field || 'name') as keyof PatternFormValues] = i.message;
        setErrors(next);
      } else {
        notify.error(err instanceof Error ? err.message : 'The pattern could not be saved.');
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page create-page stack">
      <h1>Create Pattern</h1>
      <p className="muted">
        Design your own breathing rhythm. Patterns are kept on this device
        {user ? ' and synced to your account' : '; sign in to sync them to an account'}. They appear
        in the library&apos;s My Library tab.
      </p>
      <div className="create-layout">
        <Card as="section" aria-labelledby="pattern-form-heading">
          <form ref={formRef} className="stack" noValidate onSubmit={(e) => void onSubmit(e)}>
            <h2 id="pattern-form-heading" ref={headingRef} tabIndex={-1}>
              {editing ? `Edit ${editing.name}` : 'New pattern'}
            </h2>
            <Field
              label="Name"
              name="name"
              required
              maxLength={LIMITS.nameMax}
              value={values.name}
              error={errors.name}
              onChange={(e) => set('name')(e.target.value)}
            />
            <TextAreaField
              rows={3}
              label="Description"
              value={values.description}
              maxLength={LIMITS.descriptionMax}
              error={errors.description}
              onChange={(e) => set('description')(e.target.value)}
            />
            <fieldset className="phase-fields">
              <legend>Timings in seconds</legend>
              {PHASE_FIELDS.map((f) => (
                <Field
                  key={f}
                  label={PHASE_FIELD_LABELS[f]}
                  name={f}
                  inputMode="decimal"
                  autoComplete="off"
                  value={values[f]}
                  error={errors[f]}
                  hint={
                    f === 'inhale' || f === 'exhale'
                      ? `${LIMITS.breathMin}-${LIMITS.phaseMax} s`
                      : `0-${LIMITS.phaseMax} s`
                  }
                  onChange={(e) => set(f)(e.target.value)}
                />
              ))}
            </fieldset>
            <div className="row create-selects">
              <SelectField
                label="Category"
                value={values.category}
                error={errors.category}
                options={PATTERN_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
                onChange={(e) => set('category')(e.target.value)}
              />
              <SelectField
                label="Difficulty"
                value={values.difficulty}
                error={errors.difficulty}
                options={DIFFICULTIES.map((d) => ({ value: d, label: d }))}
                onChange={(e) => set('difficulty')(e.target.value)}
              />
            </div>
            <TextAreaField
              rows={3}
              label="Benefits"
              hint={`One per line, up to ${LIMITS.benefitsMax}.`}
              value={values.benefits}
              error={errors.benefits}
              onChange={(e) => set('benefits')(e.target.value)}
            />
            <div className="row">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : editing ? 'Save changes' : 'Save pattern'}
              </Button>
              {editing ? (
                <Button variant="ghost" onClick={reset}>
                  Cancel editing
                </Button>
              ) : null}
            </div>
          </form>
        </Card>
        <Card as="section" aria-labelledby="preview-heading" className="create-preview">
          <h2 id="preview-heading">Preview</h2>
          {timings ? (
            <PatternPreview timings={timings} />
          ) : (
            <p className="muted">Fix the timings to see the preview.</p>
          )}
        </Card>
      </div>

      <section aria-labelledby="my-patterns-heading" className="stack">
        <h2 id="my-patterns-heading">Your patterns</h2>
        {patterns.length === 0 ? (
          <EmptyState title="No custom patterns yet. Fill in the form above and save your first one." />
        ) : (
          <ul className="my-patterns">
            {patterns.map((p) => (
              <li key={p.id}>
                <Card className="my-pattern">
                  <div>
                    <h3>{p.name}</h3>
                    <p className="muted">
                      {timingLabel(p)} · {CATEGORY_LABELS[p.category]} · {p.difficulty}
                    </p>
                    <SyncBadgeFor p={p} signedIn={Boolean(user)} />
                  </div>
                  <div className="row">
                    <Link
                      to="/session/$mode"
                      params={{ mode: 'classic' }}
                      search={{ pattern: p.id }}
                      className={buttonClass('primary', 'sm')}
                      aria-label={`Practice ${p.name}`}
                    >
                      Practice
                    </Link>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => startEdit(p)}
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </Button>
                    <LazyPublishPatternButton
                      pattern={p}
                      publication={publications.get(p.id)}
                      onPublished={refreshPublications}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setToDelete(p)}
                      aria-label={`Delete ${p.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        title={`Delete ${toDelete?.name ?? 'this pattern'}?`}
        description="It is removed from this device and, when you are signed in, from your account. Sessions you practiced with it stay in your history."
      >
        <div className="row">
          <Button
            variant="danger"
            onClick={async () => {
              if (!toDelete) return;
              try {
                await deleteCustomPattern(toDelete.id);
                if (editing?.id === toDelete.id) reset();
                notify.success(`${toDelete.name} deleted`);
                requestSync();
              } catch (err) {
                notify.error(
                  err instanceof Error ? err.message : 'The pattern could not be deleted.',
                );
              } finally {
                setToDelete(null);
              }
            }}
          >
            Delete
          </Button>
          <Button variant="ghost" onClick={() => setToDelete(null)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
