import { onPostgres } from '../onPostgres';
import { instructorSuite } from './suite';

onPostgres('instructors and courses', () => instructorSuite('postgres'));
