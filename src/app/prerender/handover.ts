/**
 * What a prerendered page's loader and the build hand to the app when it starts
 * (scripts/prerender/prerenderPlugin.ts writes them; main.tsx and ReleaseHeldFields read them).
 */

/** The window property through which the loader hands early button presses to main.tsx. */
export { EARLY_CLICKS_KEY } from '../../contracts/afterPaintLoader';

/** The attribute that marks a form field the build made read-only until hydration. */
export const HELD_FIELD_ATTR = 'data-held-until-hydrated';
