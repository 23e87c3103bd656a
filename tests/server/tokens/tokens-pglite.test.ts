import { tokenSuite } from './suite';

tokenSuite('pglite');
