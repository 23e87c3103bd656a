import { createFileRoute, redirect } from '@tanstack/react-router';
import { isSessionMode, parseSessionSearch } from '../../domain/sessionSearch';
import { Placeholder } from '../../ui/Placeholder';

export const Route = createFileRoute('/session/$mode')({
  validateSearch: parseSessionSearch,
  beforeLoad: ({ params }) => {
    if (!isSessionMode(params.mode)) throw redirect({ to: '/session' });
  },
  component: SessionScreen,
});

function SessionScreen() {
  const { mode } = Route.useParams();
  return <Placeholder title={`${mode[0]?.toUpperCase()}${mode.slice(1)} session`} />;
}
