import { walletSuite } from './suite';

walletSuite('pglite');
