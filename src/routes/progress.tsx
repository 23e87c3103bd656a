import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/progress')({
  component: () => <Placeholder title="Your Progress"></Placeholder>,
});
