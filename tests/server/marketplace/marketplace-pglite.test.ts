import { marketplaceSuite } from './suite';

marketplaceSuite('pglite');
