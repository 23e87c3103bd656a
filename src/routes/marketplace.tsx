import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/marketplace')({
  component: () => <Placeholder title="Explore Patterns"><p>Pattern trading arrives with the token wallet.</p></Placeholder>,
});
