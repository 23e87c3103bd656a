import { createFileRoute } from '@tanstack/react-router';
import { SessionChoiceScreen } from '../../features/session-choice/SessionChoiceScreen';

export const Route = createFileRoute('/session/')({
  component: SessionChoiceScreen,
});
