/**
 * The ways to practise (docs/product.md § Sessions): classic (guide only), enhanced (guide
 * plus camera stillness, longer) and mobile (a compact classic for small screens, reached
 * by its URL). Pure.
 */
export const SESSION_MODES = ['classic', 'enhanced', 'mobile'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];

/** The two modes a person chooses between on home, session choice and the library. */
export const CHOSEN_MODES = ['classic', 'enhanced'] as const satisfies readonly SessionMode[];
export type ChosenMode = (typeof CHOSEN_MODES)[number];

export function isSessionMode(mode: string): mode is SessionMode {
  return (SESSION_MODES as readonly string[]).includes(mode);
}
