// The share feature's public surface for other features. Each part loads on its own when
// first shown, so importing this index adds almost nothing to the importing screen.
import { lazy } from 'react';

/** The invitation to share after the third session (for the results screen). */
export const ShareProgressPrompt = lazy(() => import('./ShareProgressPrompt'));
