/**
 * The phone onboarding's three steps (docs/product.md § Discovery, first visit). Each line
 * says only what the app does today: no figures, no features it does not have.
 */
export const ONBOARDING_STEPS = [
  {
    title: 'Breathe with a guide',
    text: 'Pick a goal, then a pattern. The guide keeps exact time and cues each breath with sound or vibration if you want. No account needed.',
  },
  {
    title: 'Kept on this phone',
    text: 'Every session is saved on this phone the moment it ends, and practice works offline. Sign in only if you want your sessions on your account too.',
  },
  {
    title: 'The camera is optional',
    text: 'Enhanced sessions can use the front camera to measure how still you stay. Frames are analyzed on the phone and do not leave it.',
  },
] as const;

/** A phone: a narrow screen that is touched, not pointed at with a mouse. */
export const PHONE_QUERY = '(max-width: 40rem) and (pointer: coarse)';
