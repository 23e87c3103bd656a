/** The request bodies' rules live with the app's side of the wire: src/contracts/togetherSchemas.ts. */
export { createSchema, joinSchema, TOGETHER_LIMITS } from '../../src/contracts/togetherSchemas';
