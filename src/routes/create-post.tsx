import { createFileRoute } from '@tanstack/react-router';
import { CreatePostScreen } from '../features/share/CreatePostScreen';

export const Route = createFileRoute('/create-post')({
  component: CreatePostScreen,
});
