import { programsMarketSuite } from './programsSuite';

programsMarketSuite('pglite');
