import { onPostgres } from '../onPostgres';
import { tokenSuite } from './suite';

onPostgres('pattern tokens API', () => tokenSuite('postgres'));
