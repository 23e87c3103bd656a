import { onPostgres } from '../onPostgres';
import { socialSuite } from './suite';

onPostgres('community API', () => socialSuite('postgres'));
