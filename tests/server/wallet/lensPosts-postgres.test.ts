import { onPostgres } from '../onPostgres';
import { lensPostsSuite } from './lensPostsSuite';

onPostgres('Lens post ids', () => lensPostsSuite('postgres'));
