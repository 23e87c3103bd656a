import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/create')({
  component: () => <Placeholder title="Create Pattern"></Placeholder>,
});
