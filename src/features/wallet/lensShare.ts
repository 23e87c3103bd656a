import { lazy } from 'react';
import type { LensPublishResult } from '../../wallet/lens/publish';
import type { AfterShare } from './lensPublishAction';

// The post composer's Lens parts. Both load the Lens code only when used: importing them
// adds a few bytes, never the Lens client.

/** 'Also publish to Lens' (or a pointer to the profile's Lens card); see LensPublishOption. */
export const LensPublishOption = /* @__PURE__ */ lazy(() => import('./LensPublishOption'));

/** After a share with 'Also publish to Lens' ticked: publishes the saved post and says how it went. */
export function publishToLensAfterShare(input: AfterShare): Promise<LensPublishResult | null> {
  return import('./lensPublishAction').then(
    (m) => m.publishAfterShare(input),
    () => null, // the Lens code could not load (offline before it was cached): nothing was sent
  );
}
