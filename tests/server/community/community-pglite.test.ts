import { socialSuite } from './suite';

socialSuite('pglite');
