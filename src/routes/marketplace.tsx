import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { marketplaceQueryFrom, marketplaceQueryParams, type MarketplaceQuery } from '../contracts/marketplace';
import { MarketplaceScreen } from '../features/marketplace';
import { SharingPrompt } from '../features/prompts';

/** The URL's parameters as given; the screen reads them with the marketplace's rules. */
type MarketplaceSearch = Partial<Record<'q' | 'category' | 'difficulty' | 'sort' | 'page', unknown>>;

/**
 * The pattern marketplace; its search, filters, sort and page live in the URL. The route
 * passes the parameters through untouched (this part runs in the first load); the screen
 * checks them with marketplaceQueryFrom, which loads with it.
 */
export const Route = createFileRoute('/marketplace')({
  validateSearch: (search: Record<string, unknown>) => search as MarketplaceSearch,
  component: MarketplaceRoute,
});

function MarketplaceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const onQueryChange = useCallback(
    (next: MarketplaceQuery) => {
      // A search that settles after the user has left (a card opened while the next page's
      // code loads, and this screen still shows) must not pull them back here.
      if (router.latestLocation.pathname.replace(/\/$/, '') !== Route.fullPath) return;
      void navigate({ search: marketplaceQueryParams(next), replace: true });
    },
    [navigate, router],
  );
  const query = useMemo(() => marketplaceQueryFrom(search), [search]);
  return (
    <>
      <SharingPrompt kind="patternToken" />
      <MarketplaceScreen query={query} onQueryChange={onQueryChange} />
    </>
  );
}
