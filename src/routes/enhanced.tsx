import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../features/home';

export const Route = createFileRoute('/enhanced')({
  component: () => <HomeScreen variant="enhanced" />,
});
