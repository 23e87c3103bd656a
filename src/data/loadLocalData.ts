import { loadOnce } from '../domain/loadOnce';
import type * as LocalDataModule from './localData';

/** The local database's module (./localData): Dexie's live queries and the repositories. */
export type LocalData = typeof LocalDataModule;

/**
 * Loads the local database's module (once; every caller shares it). Code that is part of
 * the app's entry reaches the database only through here, so Dexie arrives as a chunk of
 * its own after the first script. A failed load (a chunk missing after an update, say) is
 * tried again on the next call.
 */
export const loadLocalData: () => Promise<LocalData> = loadOnce(() => import('./localData'));
