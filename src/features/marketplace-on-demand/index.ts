// The marketplace's actions on screens that must work offline (/create, /programs): the
// marketplace's own code loads on demand (scripts/precache/precachePolicy.ts).
export { LazyPublishPatternButton, LazyPublishProgramButton, useMyPublications } from './marketplaceOnDemand';
