import { lazy, Suspense } from 'react';
import { ALSO_ON_LENS } from './labels';

// A feed card's mark for a post also published to Lens: the words at once, the link when
// the Lens settings have loaded (they load with it, never with the first screen).
const LensPostLink = /* @__PURE__ */ lazy(() => import('./LensPostLink'));

export function AlsoOnLens({ lensPostId }: { lensPostId: string }) {
  return (
    <Suspense fallback={<span className="post__lens muted">{ALSO_ON_LENS}</span>}>
      <LensPostLink lensPostId={lensPostId} />
    </Suspense>
  );
}
