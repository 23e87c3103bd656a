import { createFileRoute } from '@tanstack/react-router';
import { SessionChoiceScreen } from '../../features/session-choice';

export const Route = createFileRoute('/session/')({
  component: SessionChoiceScreen,
});
