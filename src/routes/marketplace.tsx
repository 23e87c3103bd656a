import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { marketQueryFrom, marketQueryParams, type MarketQuery } from '../domain/marketplace/contract';
import { MarketplaceScreen } from '../features/marketplace';

/** The pattern marketplace; its search, filters, sort and page live in the URL. */
export const Route = createFileRoute('/marketplace')({
  validateSearch: (search: Record<string, unknown>) => marketQueryParams(marketQueryFrom(search)),
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
  return <MarketplaceScreen query={query} onQueryChange={onQueryChange} />;
}
