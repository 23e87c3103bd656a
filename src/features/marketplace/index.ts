// The marketplace feature's public surface: the /marketplace screen, the publish action the
// user's own patterns offer, and the API the creator hub reads.
export { MarketplaceScreen, type MarketplaceScreenProps } from './MarketplaceScreen';
export { PublishPatternButton } from './PublishPatternButton';
export { readMyPublications, type Publication } from './useMyPublications';
export { marketplaceApi, marketplaceKeys } from '../../backend/api/marketplaceApi';
export { failureReason, useMarketplaceActions } from './useMarketplaceActions';
export { UnpublishButton } from './UnpublishButton';
export { StarRating } from './StarRating';
// The creator hub's figures and how they read.
export { creatorTotals, opensCreatorHub } from './creatorFigures';
export { ratingText, usageText } from './format';
// Programs in the marketplace (issue #35): the publish action of the user's own programs.
export { PublishProgramButton } from './PublishProgramButton';
