// Every test gets a fresh in-memory IndexedDB so Dexie runs as it would in a browser.
import 'fake-indexeddb/auto';
