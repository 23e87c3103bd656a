import type { InstructorProfileInput } from '../../domain/instructor/profile';

/**
 * The onboarding form's answers while they are not sent yet, kept for this tab's visit
 * (sessionStorage, per account), so following the form's own links to Create or the
 * marketplace and coming back does not lose what was typed.
 */
interface WizardDraft {
  values: InstructorProfileInput;
  step: number;
}

const key = (userId: string) => `pneuma.instructorDraft.${userId}`;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isDraft(v: unknown): v is WizardDraft {
  if (!v || typeof v !== 'object') return false;
  const d = v as Partial<WizardDraft>;
  const x = d.values as Partial<InstructorProfileInput> | undefined;
  return (
    typeof d.step === 'number' &&
    !!x &&
    typeof x.displayName === 'string' &&
    typeof x.bio === 'string' &&
    typeof x.credentials === 'string' &&
    Array.isArray(x.specialities) &&
    x.specialities.every((s) => typeof s === 'string') &&
    (x.photo === null || typeof x.photo === 'string')
  );
}

export function readWizardDraft(userId: string): WizardDraft | null {
  try {
    const raw = storage()?.getItem(key(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return isDraft(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps the answers when anything was typed or chosen; forgets them when the form is empty again. */
export function saveWizardDraft(userId: string, draft: WizardDraft): void {
  const v = draft.values;
  const empty = !v.displayName && !v.bio && !v.credentials && !v.specialities.length && !v.photo;
  try {
    if (empty) storage()?.removeItem(key(userId));
    else storage()?.setItem(key(userId), JSON.stringify(draft));
  } catch {
    // Storage full or unavailable: the answers last as long as the screen.
  }
}

export function clearWizardDraft(userId: string): void {
  try {
    storage()?.removeItem(key(userId));
  } catch {
    // nothing kept
  }
}
