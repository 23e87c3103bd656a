import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/auth')({
  component: () => <Placeholder title="Welcome"></Placeholder>,
});
