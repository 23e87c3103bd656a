/**
 * Custom programs <-> public.programs (docs/product.md § Programs; the table is
 * supabase/migrations/20261127110000_programs.sql). The segments travel as the program
 * format's JSON; a pulled row is kept only when it has an id, a name and a segment list
 * (the screens parse every program with the one schema before using it).
 */
import type { CustomProgramRecord } from '../../data/db';
import {
  PROGRAM_CATEGORIES,
  type ProgramCategory,
  type Segment,
} from '../../domain/programs/programTypes';
import { textOr, timeOr, type ServerRow } from './serverValues';

interface ProgramRow {
  id: string;
  user_id: string;
  version: number;
  name: string;
  description: string | null;
  category: ProgramCategory;
  safety_note: string | null;
  segments: Segment[];
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export function toProgramRow(p: CustomProgramRecord, userId: string): ProgramRow {
  return {
    id: p.id,
    user_id: userId,
    version: p.version,
    name: p.name,
    description: p.description || null,
    category: p.category,
    safety_note: p.safetyNote ?? null,
    segments: p.segments,
    created_at: p.createdAt,
    // The server stamps its own time; this is only the device's edit time.
    updated_at: p.updatedAt,
    deleted: Boolean(p.deleted),
  };
}

export function fromProgramRow(
  r: ServerRow,
  userId: string,
  serverUpdatedAt: string,
): CustomProgramRecord | null {
  const id = textOr(r.id);
  const name = textOr(r.name);
  if (!id || !name || r.version !== 1 || !Array.isArray(r.segments)) return null;
  const category = (PROGRAM_CATEGORIES as readonly string[]).includes(r.category as string)
    ? (r.category as ProgramCategory)
    : 'calm';
  const created = timeOr(r.created_at) ?? Date.parse(serverUpdatedAt);
  return {
    id,
    userId,
    version: 1,
    name,
    description: typeof r.description === 'string' ? r.description : '',
    category,
    ...(typeof r.safety_note === 'string' && r.safety_note ? { safetyNote: r.safety_note } : {}),
    segments: r.segments as Segment[],
    createdAt: new Date(created).toISOString(),
    updatedAt: serverUpdatedAt,
    deleted: r.deleted === true,
    syncState: 'synced',
    serverUpdatedAt,
  };
}
