import { createFileRoute, redirect } from '@tanstack/react-router';
import { parseSessionSearch } from '../../domain/sessionSearch';

/**
 * 'Practice' is a door like the others (docs/product.md § Sessions): it goes straight to
 * the one pre-session step of a classic session (the pattern from the query, else the
 * remembered one, else Box Breathing), where Classic or Enhanced and the camera are chosen.
 */
export const Route = createFileRoute('/session/')({
  validateSearch: parseSessionSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/session/$mode', params: { mode: 'classic' }, search, replace: true });
  },
});
