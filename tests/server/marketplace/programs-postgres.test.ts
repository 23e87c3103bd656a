import { onPostgres } from '../onPostgres';
import { programsMarketSuite } from './programsSuite';

onPostgres('programs in the marketplace', () => programsMarketSuite('postgres'));
