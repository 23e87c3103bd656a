import { lensPostsSuite } from './lensPostsSuite';

lensPostsSuite('pglite');
