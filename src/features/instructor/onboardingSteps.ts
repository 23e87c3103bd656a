import type { ProfileField } from '../../domain/instructor/profile';

/** The onboarding's steps, in order, with the fields each checks before moving on. */
export const STEPS = [
  { id: 'about', title: 'About you', fields: ['displayName', 'bio'] },
  { id: 'experience', title: 'Credentials and experience', fields: ['credentials', 'specialities'] },
  { id: 'photo', title: 'Photo', fields: ['photo'] },
  { id: 'patterns', title: 'Publishing patterns', fields: [] },
  { id: 'review', title: 'Review and submit', fields: [] },
] as const satisfies readonly { id: string; title: string; fields: readonly ProfileField[] }[];

type StepId = (typeof STEPS)[number]['id'];

export const stepIndex = (id: StepId) => STEPS.findIndex((s) => s.id === id);

/** The step that holds a field (to show a server's refusal where it belongs). */
export function stepOfField(field: string): number {
  const i = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return i < 0 ? STEPS.length - 1 : i;
}

/** The id of the control a field's error moves the focus to. */
export const fieldControlId = (field: ProfileField) => `field-${field}`;
