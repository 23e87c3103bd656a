import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/enhanced')({
  component: () => <Placeholder title="Transform your breathing"><h2>Ready for More</h2></Placeholder>,
});
