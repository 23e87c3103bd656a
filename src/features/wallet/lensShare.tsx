import { lazy, Suspense } from 'react';
import type { LensPublishResult } from '../../wallet/lens/publish';
import { ALSO_ON_LENS } from './labels';
import type { AfterShare } from './lensPublishAction';

// The Lens parts of the post composer and the feed card. Importing them adds a few bytes;
// the Lens code (one chunk: ./lensParts) loads only when one of them is used.
const parts = () => import('./lensParts');

/** 'Also publish to Lens' (or a pointer to the profile's Lens card); see LensPublishOption. */
export const LensPublishOption = /* @__PURE__ */ lazy(() =>
  parts().then((m) => ({ default: m.LensPublishOption })),
);

/** After a share with 'Also publish to Lens' ticked: publishes the saved post and says how it went. */
export function publishToLensAfterShare(input: AfterShare): Promise<LensPublishResult | null> {
  return parts().then(
    (m) => m.publishAfterShare(input),
    () => null, // the Lens code could not load (offline before it was cached): nothing was sent
  );
}

const LensPostLink = /* @__PURE__ */ lazy(() => parts().then((m) => ({ default: m.LensPostLink })));

/** A feed card's mark for a post also published to Lens: the words at once, the link once loaded. */
export function AlsoOnLens({ lensPostId }: { lensPostId: string }) {
  return (
    <Suspense fallback={<span className="post__lens muted">{ALSO_ON_LENS}</span>}>
      <LensPostLink lensPostId={lensPostId} />
    </Suspense>
  );
}
