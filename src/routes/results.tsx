import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/results')({
  component: () => <Placeholder title="Session Results"><p>Your session figures appear here after you finish a session.</p></Placeholder>,
});
