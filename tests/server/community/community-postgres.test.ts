import { onPostgres } from '../onPostgres';
import { communitySuite } from './suite';

onPostgres('community API', () => communitySuite('postgres'));
