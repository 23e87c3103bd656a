import { instructorSuite } from './suite';

instructorSuite('pglite');
