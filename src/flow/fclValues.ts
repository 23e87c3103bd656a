// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- @onflow/fcl has no types; the Node project (tests) reaches this file too
/// <reference path="./fcl.d.ts" />
import type * as Fcl from '@onflow/fcl';
import { AppError } from '../domain/errors/appErrors';
import { normalizeFlowAddress } from '../domain/flow/address';
import type { CadenceArg } from '../domain/flow/args';
import type { FlowUser } from './flowTypes';

/**
 * The client's values to and from FCL's (./flowClient.ts): FCL's user snapshot as the
 * wallet's user, the app's Cadence arguments as FCL's argument builder; and the wallet's
 * error and an error's words.
 */

export const walletError = (message: string, cause?: unknown) =>
  new AppError(message, { category: 'wallet', cause });

export const messageOf = (e: unknown) =>
  e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e);

export function toUser(u: Fcl.CurrentUserSnapshot | undefined): FlowUser {
  const addr = u?.addr ? normalizeFlowAddress(u.addr) : null;
  return { addr, loggedIn: u?.loggedIn === true && addr !== null };
}

export function argsBuilder(args: CadenceArg[]): Fcl.ArgsBuilder {
  return (arg, t) =>
    args.map((a) => {
      switch (a.type) {
        case 'String':
          return arg(a.value, t.String);
        case 'UFix64':
          return arg(a.value, t.UFix64);
        case 'UInt64':
          return arg(a.value, t.UInt64);
        case 'Address':
          return arg(a.value, t.Address);
        case 'Array(String)':
          return arg(a.value, t.Array(t.String));
        case 'Array(UFix64)':
          return arg(a.value, t.Array(t.UFix64));
        case 'Array(Address)':
          return arg(a.value, t.Array(t.Address));
      }
    });
}
