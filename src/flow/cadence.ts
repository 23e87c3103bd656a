/**
 * The Cadence the app sends, from the files in ./cadence (the same files the parser test
 * reads). Transactions and scripts import contracts by name; the client resolves the
 * imports for the configured network (src/domain/flow/imports.ts).
 */
import batchMintPattern from './cadence/transactions/batch_mint_pattern.cdc?raw';
import mintPattern from './cadence/transactions/mint_pattern.cdc?raw';
import setupAccount from './cadence/transactions/setup_account.cdc?raw';
import transferPattern from './cadence/transactions/transfer_pattern.cdc?raw';
import getAccountInfo from './cadence/scripts/get_account_info.cdc?raw';
import getCollectionIds from './cadence/scripts/get_collection_ids.cdc?raw';
import getCollectionLength from './cadence/scripts/get_collection_length.cdc?raw';
import getPatternMetadata from './cadence/scripts/get_pattern_metadata.cdc?raw';
import isAccountReady from './cadence/scripts/is_account_ready.cdc?raw';
import listPatterns from './cadence/scripts/list_patterns.cdc?raw';

export const TRANSACTIONS = Object.freeze({
  setupAccount,
  mintPattern,
  batchMintPattern,
  transferPattern,
});
export const SCRIPTS = Object.freeze({
  getAccountInfo,
  getCollectionIds,
  getCollectionLength,
  getPatternMetadata,
  isAccountReady,
  listPatterns,
});
export type TransactionName = keyof typeof TRANSACTIONS;
export type ScriptName = keyof typeof SCRIPTS;
