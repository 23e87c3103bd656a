import { onPostgres } from '../onPostgres';
import { flowSuite } from './suite';

onPostgres('pattern tokens API', () => flowSuite('postgres'));
