import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/Placeholder';

export const Route = createFileRoute('/instructor-onboarding')({
  component: () => <Placeholder title="Start Teaching"><p>Instructor onboarding and courses are coming.</p></Placeholder>,
});
