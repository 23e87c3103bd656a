import { serverSuite } from './suite';

serverSuite('pglite');
