import { hardeningSuite } from './hardening-suite';

hardeningSuite('pglite');
