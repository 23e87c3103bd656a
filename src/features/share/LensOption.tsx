import { Suspense } from 'react';
import { LensPublishOption } from '../wallet';
import { Switch } from '../../ui/Switch';
import type { ShareComposer } from './useShareComposer';

/**
 * 'Add my session score' (off by default) and 'Also publish to Lens' beside Share while the
 * community post is chosen; the wallet
 * feature draws it (and loads the Lens code) only when it is needed.
 */
export function LensOption({ c }: { c: ShareComposer }) {
  if (!c.platforms.includes('community')) return null;
  return (
    <>
      {typeof c.session?.qualityScore === 'number' ? (
        <Switch
          label="Add my session score"
          description="Off unless you turn it on: the post shows what you breathed, not a grade."
          checked={c.withScore}
          onCheckedChange={c.setWithScore}
        />
      ) : null}
      <Suspense fallback={null}>
        <LensPublishOption checked={c.alsoLens} onCheckedChange={c.setAlsoLens} />
      </Suspense>
    </>
  );
}
