import { onPostgres } from '../onPostgres';
import { marketSuite } from './suite';

onPostgres('marketplace API', () => marketSuite('postgres'));
