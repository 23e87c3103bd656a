import { onPostgres } from './onPostgres';
import { serverSuite } from './suite';

onPostgres('embedded backend', () => serverSuite('postgres'));
