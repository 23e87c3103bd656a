import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { marketQueryFrom, marketQueryParams, type MarketQuery } from '../domain/marketplace/contract';
import { MarketplaceScreen } from '../features/marketplace';
import { SharingPrompt } from '../features/prompts';

/** The URL's parameters as given; the screen reads them with the marketplace's rules. */
type MarketSearch = Partial<Record<'q' | 'category' | 'difficulty' | 'sort' | 'page', unknown>>;

/**
 * The pattern marketplace; its search, filters, sort and page live in the URL. The route
 * passes the parameters through untouched (this part runs in the first load); the screen
 * checks them with marketQueryFrom, which loads with it.
 */
export const Route = createFileRoute('/marketplace')({
  validateSearch: (search: Record<string, unknown>) => search as MarketSearch,
  component: MarketplaceRoute,
});

function MarketplaceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onQueryChange = useCallback(
    (next: MarketQuery) => void navigate({ search: marketQueryParams(next), replace: true }),
    [navigate],
  );
  const query = useMemo(() => marketQueryFrom(search), [search]);
  return (
    <>
      <SharingPrompt kind="patternToken" />
      <MarketplaceScreen query={query} onQueryChange={onQueryChange} />
    </>
  );
}
