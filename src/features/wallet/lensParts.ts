// The Lens parts the composer and the feed load on use, as one chunk (see lensShare.tsx).
export { default as LensPublishOption } from './LensPublishOption';
export { default as LensPostLink } from './LensPostLink';
export { publishAfterShare } from './lensPublishAction';
