import { communitySuite } from './suite';

communitySuite('pglite');
