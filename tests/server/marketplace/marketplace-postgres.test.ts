import { onPostgres } from '../onPostgres';
import { marketplaceSuite } from './suite';

onPostgres('marketplace API', () => marketplaceSuite('postgres'));
