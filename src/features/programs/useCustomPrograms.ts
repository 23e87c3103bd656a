import { useLiveQuery } from 'dexie-react-hooks';
import { useAuth } from '../../app/auth/authStore';
import { listCustomPrograms } from '../../data/customProgramsRepo';
import type { Program } from '../../domain/programs/programTypes';

/** The programs made on this device (the signed-in person's and guest-made ones), as programs. */
export function useCustomPrograms(): Program[] {
  const auth = useAuth();
  const userId = auth.status === 'signedIn' && auth.user ? auth.user.id : null;
  const rows = useLiveQuery(() => listCustomPrograms(userId), [userId], []);
  return rows.map((r) => ({
    version: r.version,
    id: r.id,
    builtIn: false,
    name: r.name,
    description: r.description,
    category: r.category,
    ...(r.safetyNote ? { safetyNote: r.safetyNote } : {}),
    segments: r.segments,
  }));
}
