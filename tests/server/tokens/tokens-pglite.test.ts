import { flowSuite } from './suite';

flowSuite('pglite');
