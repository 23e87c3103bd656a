import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/community')({
  component: () => <Placeholder title="Community"><p>The community feed arrives with social wallet sign-in.</p></Placeholder>,
});
