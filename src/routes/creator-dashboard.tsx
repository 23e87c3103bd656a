import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/creator-dashboard')({
  component: () => <Placeholder title="Creator Hub"></Placeholder>,
});
