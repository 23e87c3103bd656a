import { createFileRoute } from '@tanstack/react-router';
import { SharingPrompt } from '../features/prompts';
import { CreatePostScreen } from '../features/share/CreatePostScreen';

export const Route = createFileRoute('/create-post')({
  component: CreatePost,
});

/** Share is the first social action: the social prompt shows above it until dismissed. */
function CreatePost() {
  return (
    <>
      <SharingPrompt kind="social" />
      <CreatePostScreen />
    </>
  );
}
