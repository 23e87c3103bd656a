import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/profile')({
  component: () => <Placeholder title="Profile"></Placeholder>,
});
