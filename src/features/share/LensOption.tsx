import { Suspense } from 'react';
import { LensPublishOption } from '../wallet';
import type { ShareComposer } from './useShareComposer';

/**
 * 'Also publish to Lens' beside Share while the community post is chosen; the wallet
 * feature draws it (and loads the Lens code) only when it is needed.
 */
export function LensOption({ c }: { c: ShareComposer }) {
  if (!c.platforms.includes('community')) return null;
  return (
    <Suspense fallback={null}>
      <LensPublishOption checked={c.alsoLens} onCheckedChange={c.setAlsoLens} />
    </Suspense>
  );
}
