import { onPostgres } from '../onPostgres';
import { accountDeletionSuite } from './suite';

onPostgres('account deletion', () => accountDeletionSuite('postgres'));
