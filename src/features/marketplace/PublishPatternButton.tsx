import { definitionOf } from './format';
import type { PatternDefinition } from '../../domain/patterns';
import { marketplaceApi, marketplaceKeys } from '../../backend/api/marketplaceApi';
import { PublishAction } from './PublishAction';
import type { Publication } from './useMyPublications';

/**
 * "Publish to marketplace" for one of the signed-in user's own patterns (/create), through
 * the one publish action (./PublishAction). A pattern already live says so, and its action
 * updates the listing.
 */
export function PublishPatternButton({
  pattern,
  publication,
  onPublished,
}: {
  pattern: PatternDefinition & { id: string };
  /** Where it stands in the marketplace, when known. */
  publication?: Publication;
  onPublished?: () => void;
}) {
  return (
    <PublishAction
      name={pattern.name}
      shows="name, timings, description, category, difficulty and benefits"
      live={publication === 'live'}
      publish={async () => {
        const r = await marketplaceApi.publish({ sourcePatternId: pattern.id, ...definitionOf(pattern) });
        // The query library loads here, not with the /create screen.
        void import('../../backend/queryClient').then(({ queryClient }) =>
          queryClient.invalidateQueries({ queryKey: marketplaceKeys.all }),
        );
        return r.pattern.name;
      }}
      onPublished={onPublished}
    />
  );
}
