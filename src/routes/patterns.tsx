import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/patterns')({
  component: () => <Placeholder title="Pattern Library"></Placeholder>,
});
