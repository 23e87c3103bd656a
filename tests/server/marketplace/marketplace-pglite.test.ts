import { marketSuite } from './suite';

marketSuite('pglite');
