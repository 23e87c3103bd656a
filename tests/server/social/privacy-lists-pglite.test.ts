import { privacyAndListsSuite } from './privacyAndLists';

privacyAndListsSuite('pglite');
