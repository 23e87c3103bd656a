export { LibraryScreen, type LibraryScreenProps } from './LibraryScreen';
