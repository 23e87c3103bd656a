import { onPostgres } from '../onPostgres';
import { walletSuite } from './suite';

onPostgres('Sign-In with Ethereum', () => walletSuite('postgres'));
