import { onPostgres } from '../onPostgres';
import { privacyAndListsSuite } from './privacyAndLists';

onPostgres('community privacy and lists', () => privacyAndListsSuite('postgres'));
