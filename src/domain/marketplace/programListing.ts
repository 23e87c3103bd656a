/**
 * Programs in the marketplace (docs/product.md § Programs): the shapes the server
 * (server/marketplace/programs.ts) answers and the app reads. Pure: no zod, no I/O.
 */
import type { ProgramDefinition } from '../programs/programTypes';

/** Programs per page of the catalogue. */
export const MARKETPLACE_PROGRAM_PAGE_SIZE = 12;

/** A published program as the marketplace API answers it. */
export interface MarketProgram {
  id: string;
  /** The program in its open format (the JSON a `/p/` link carries). */
  program: ProgramDefinition;
  /** Planned length in seconds (retentions not counted). */
  plannedSeconds: number;
  creator: { id: string; name: string };
  createdAt: string;
  updatedAt: string;
  /** The caller published it. */
  mine: boolean;
  /** Taken off the marketplace (only its creator still sees it). */
  unpublished: boolean;
  /** The creator's own program it was published from (sent to its creator only). */
  sourceProgramId?: string;
}

export interface MarketProgramPage {
  items: MarketProgram[];
  total: number;
  page: number;
  pageSize: number;
}
