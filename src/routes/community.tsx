import { createFileRoute } from '@tanstack/react-router';
import { CommunityScreen } from '../features/community/CommunityScreen';

export const Route = createFileRoute('/community')({
  component: CommunityScreen,
});
