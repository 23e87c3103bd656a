/**
 * The part of @onflow/fcl 1.21 the app uses (the package ships no type declarations).
 */
declare module '@onflow/fcl' {
  export interface FclArgType {
    readonly label: string;
  }
  export interface FclTypes {
    String: FclArgType;
    UFix64: FclArgType;
    UInt64: FclArgType;
    Address: FclArgType;
    Array(of: FclArgType): FclArgType;
  }
  export type ArgFn = (value: unknown, type: FclArgType) => unknown;
  export type ArgsBuilder = (arg: ArgFn, t: FclTypes) => unknown[];

  export interface CurrentUserSnapshot {
    addr?: string | null;
    loggedIn?: boolean | null;
  }
  export interface CurrentUser {
    snapshot(): Promise<CurrentUserSnapshot>;
    subscribe(callback: (user: CurrentUserSnapshot) => void): () => void;
    authenticate(opts?: Record<string, unknown>): Promise<CurrentUserSnapshot>;
    unauthenticate(): void;
    authorization: AuthorizationFunction;
  }

  export interface SigningAccount {
    addr: string;
    keyId: number;
    tempId?: string;
    signingFunction?: (signable: {
      message: string;
    }) => Promise<{ addr: string; keyId: number; signature: string }>;
    sequenceNum?: number | null;
  }
  export type AuthorizationFunction = (
    account: Record<string, unknown>,
  ) => Promise<Record<string, unknown>> | Record<string, unknown>;

  export interface MutateOptions {
    cadence: string;
    args?: ArgsBuilder;
    limit?: number;
    proposer?: AuthorizationFunction;
    payer?: AuthorizationFunction;
    authorizations?: AuthorizationFunction[];
    authz?: AuthorizationFunction;
  }
  export interface QueryOptions {
    cadence: string;
    args?: ArgsBuilder;
    limit?: number;
  }
  export interface TransactionStatus {
    status: number;
    statusString?: string;
    statusCode?: number;
    errorMessage?: string;
    events: { type: string; data: Record<string, unknown> }[];
  }

  export interface ConfigApi {
    put(key: string, value: unknown): ConfigApi;
    get(key: string, fallback?: unknown): Promise<unknown>;
    overload?(values: Record<string, unknown>, fn: () => unknown): Promise<unknown>;
  }
  export function config(values?: Record<string, unknown>): ConfigApi;
  export const t: FclTypes;
  export const currentUser: CurrentUser;
  export const authz: AuthorizationFunction;
  export function authenticate(opts?: Record<string, unknown>): Promise<CurrentUserSnapshot>;
  export function unauthenticate(): void;
  export function mutate(opts: MutateOptions): Promise<string>;
  export function query(opts: QueryOptions): Promise<unknown>;
  export function send(builders: unknown[]): Promise<unknown>;
  export function decode(response: unknown): Promise<unknown>;
  export function getTransactionStatus(transactionId: string): unknown;
}
