export { HomeScreen, BECOME_INSTRUCTOR } from './HomeScreen';
