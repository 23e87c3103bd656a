// The marketplace feature's public surface: the /marketplace screen, the publish action the
// user's own patterns offer, and the API the creator hub reads.
export { MarketplaceScreen, type MarketplaceScreenProps } from './MarketplaceScreen';
export { PublishPatternButton } from './PublishPatternButton';
export { readMyPublications, useMyPublications, type Publication } from './useMyPublications';
export { marketApi, marketKeys } from './marketApi';
export { failureReason, useMarketActions } from './useMarketActions';
export { UnpublishButton } from './UnpublishButton';
export { StarRating } from './StarRating';
