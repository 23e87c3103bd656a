import { onPostgres } from '../onPostgres';
import { pushSuite } from './suite';

onPostgres('push reminders', () => pushSuite('postgres'));
