import { createFileRoute } from '@tanstack/react-router';
import { CreatePatternScreen } from '../features/create-pattern';

/** /create: custom patterns for everyone (kept locally; synced for signed-in users). */
export const Route = createFileRoute('/create')({
  component: CreatePatternScreen,
});
