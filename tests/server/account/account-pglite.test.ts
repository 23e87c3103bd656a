import { accountDeletionSuite } from './suite';

accountDeletionSuite('pglite');
