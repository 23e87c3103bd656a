import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/create-post')({
  component: () => <Placeholder title="Share Your Wellness Journey"></Placeholder>,
});
