import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { HttpError } from '../../domain/errors/appErrors';
import {
  PROFILE_LIMITS as L,
  profileErrors,
  type InstructorProfile,
  type InstructorProfileInput,
  type ProfileErrors,
  type ProfileField,
} from '../../domain/instructor/profile';
import { Button } from '../../ui/Button';
import { Field, TextAreaField } from '../../ui/Field';
import { submitProfile } from './api';
import { PhotoField } from './PhotoField';
import { SpecialitiesField } from './SpecialitiesField';
import { fieldControlId, STEPS, stepOfField } from './onboardingSteps';
import { TEACH_TEXT } from './strings';
import { clearWizardDraft, readWizardDraft, saveWizardDraft } from './wizardDraft';

interface Props {
  /** Start on this step (0-based; ?focus=patterns opens the publishing step). */
  initialStep: number;
  /** Editing an existing profile. */
  existing?: InstructorProfile | null;
  /** The signed-in account: a new profile's answers are kept in this tab under it until sent. */
  draftOwner?: string;
  onDone(profile: InstructorProfile): void;
  onCancel?(): void;
}

const EMPTY: InstructorProfileInput = { displayName: '', bio: '', credentials: '', specialities: [], photo: null };

/**
 * The guided form: one step at a time, each checked before the next (the errors shown
 * under their fields, the focus on the first wrong one); the last step sends everything
 * to the server, which makes the user an instructor.
 */
export function OnboardingWizard({ initialStep, existing, draftOwner, onDone, onCancel }: Props) {
  // Read once: a form started earlier in this tab (before following one of its links) goes on.
  const [draft] = useState(() => (!existing && draftOwner ? readWizardDraft(draftOwner) : null));
  const [values, setValues] = useState<InstructorProfileInput>(() =>
    existing
      ? {
          displayName: existing.displayName,
          bio: existing.bio,
          credentials: existing.credentials,
          specialities: existing.specialities,
          photo: existing.photo,
        }
      : (draft?.values ?? EMPTY),
  );
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [step, setStep] = useState(initialStep > 0 ? initialStep : Math.min(draft?.step ?? 0, STEPS.length - 1));
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const current = STEPS[step]!;

  useEffect(() => {
    // The focus follows the step (not on the first render: the page's own heading leads).
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  useEffect(() => {
    if (!existing && draftOwner) saveWizardDraft(draftOwner, { values, step });
  }, [existing, draftOwner, values, step]);

  const set = <K extends ProfileField>(field: K, v: InstructorProfileInput[K]) => {
    setValues((cur) => ({ ...cur, [field]: v }));
    if (errors[field]) setErrors((cur) => ({ ...cur, [field]: undefined }));
  };

  const showErrors = (found: ProfileErrors) => {
    setErrors(found);
    const first = (Object.keys(found) as ProfileField[])[0];
    if (!first) return;
    const at = stepOfField(first);
    setStep(at);
    // After the step renders, the first wrong field takes the focus.
    requestAnimationFrame(() => document.getElementById(fieldControlId(first))?.focus());
  };

  const next = () => {
    const found = profileErrors(values, current.fields);
    if (found) return showErrors(found);
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step < STEPS.length - 1) return next();
    const found = profileErrors(values);
    if (found) return showErrors(found);
    if (!navigator.onLine) return setFailure(TEACH_TEXT.offlineOnboarding);
    setSending(true);
    setFailure(null);
    try {
      const out = await submitProfile(values);
      if (out.profile) {
        if (draftOwner) clearWizardDraft(draftOwner);
        onDone(out.profile);
      }
    } catch (err) {
      const body = err instanceof HttpError ? (err.body as { field?: string; message?: string } | undefined) : undefined;
      if (body?.field && body.field in EMPTY) {
        showErrors({ [body.field]: body.message ?? 'Check this field' } as ProfileErrors);
      } else {
        setFailure(err instanceof Error ? err.message : String(err));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="card teach-wizard stack" onSubmit={submit} noValidate aria-label="Instructor profile">
      <ol className="teach-steps list-reset" aria-label="Steps">
        {STEPS.map((s, i) => (
          <li key={s.id} aria-current={i === step ? 'step' : undefined} className={i < step ? 'is-done' : undefined}>
            <span aria-hidden="true">{i + 1}</span> {s.title}
          </li>
        ))}
      </ol>
      <h2 id="teach-step-title" ref={heading} tabIndex={-1}>
        Step {step + 1} of {STEPS.length}: {current.title}
      </h2>

      {current.id === 'about' ? (
        <>
          <Field
            id={fieldControlId('displayName')}
            label="Display name"
            hint="How students see you."
            value={values.displayName}
            maxLength={L.nameMax}
            autoComplete="name"
            error={errors.displayName}
            onChange={(e) => set('displayName', e.target.value)}
          />
          <TextAreaField
            id={fieldControlId('bio')}
            label="Bio"
            hint={`${values.bio.trim().length} / ${L.bioMax} characters (at least ${L.bioMin}).`}
            rows={5}
            value={values.bio}
            maxLength={L.bioMax}
            error={errors.bio}
            onChange={(e) => set('bio', e.target.value)}
          />
        </>
      ) : null}

      {current.id === 'experience' ? (
        <>
          <TextAreaField
            id={fieldControlId('credentials')}
            label="Credentials and experience"
            hint="Certifications, training and years of teaching. Shown on your public profile."
            rows={5}
            value={values.credentials}
            maxLength={L.credentialsMax}
            error={errors.credentials}
            onChange={(e) => set('credentials', e.target.value)}
          />
          <SpecialitiesField value={values.specialities} error={errors.specialities} onChange={(v) => set('specialities', v)} />
        </>
      ) : null}

      {current.id === 'photo' ? (
        <PhotoField value={values.photo} error={errors.photo} onChange={(v) => set('photo', v)} />
      ) : null}

      {current.id === 'patterns' ? (
        <div className="stack" id="publish-patterns">
          <p>{TEACH_TEXT.publishPatternsBody}</p>
          <ul>
            <li>Make a pattern on <Link to="/create">Create</Link> (it stays yours and syncs to your account).</li>
            <li>
              Choose ‘Publish to marketplace’ next to it there; students find it in the <Link to="/marketplace">marketplace</Link>,
              use it and rate it.
            </li>
            <li>Once you are an instructor, add your patterns to the days of a course.</li>
          </ul>
          {draftOwner && !existing ? <p className="muted">Your answers so far stay here in this tab while you look.</p> : null}
        </div>
      ) : null}

      {current.id === 'review' ? (
        <dl className="facts teach-review">
          <dt>Display name</dt>
          <dd>{values.displayName || '—'}</dd>
          <dt>Bio</dt>
          <dd>{values.bio || '—'}</dd>
          <dt>Credentials and experience</dt>
          <dd>{values.credentials || '—'}</dd>
          <dt>Specialties</dt>
          <dd>{values.specialities.join(', ') || '—'}</dd>
          <dt>Photo</dt>
          <dd>{values.photo ? <img src={values.photo} alt="Your profile photo" width={64} height={64} className="teach-avatar" /> : 'None'}</dd>
        </dl>
      ) : null}

      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}

      <div className="row teach-wizard__nav">
        {step > 0 ? (
          <Button type="button" variant="secondary" onClick={() => setStep((s) => s - 1)}>
            Back
          </Button>
        ) : null}
        {step < STEPS.length - 1 ? (
          <Button type="submit">Next</Button>
        ) : (
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : existing ? 'Save profile' : TEACH_TEXT.createProfile}
          </Button>
        )}
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
