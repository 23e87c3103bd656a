/**
 * The phone welcome (docs/product.md § Discovery, first visit): one short card, saying only
 * what the app does today: no figures, no features it does not have.
 */
export const WELCOME = {
  title: 'Breathe with a guide',
  text: 'Press Start Breathing, or pick a goal and a pattern below. Sessions stay on this phone and work offline; no account needed.',
} as const;

/** A phone: a narrow screen that is touched, not pointed at with a mouse. */
export const PHONE_QUERY = '(max-width: 40rem) and (pointer: coarse)';
