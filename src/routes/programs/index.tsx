import { createFileRoute } from '@tanstack/react-router';
import { ProgramsScreen } from '../../features/programs';

/** /programs: built-in and custom programs (docs/product.md § Programs). */
export const Route = createFileRoute('/programs/')({
  component: ProgramsScreen,
});
