export { HomeScreen } from './HomeScreen';
export { BECOME_INSTRUCTOR } from './HomeMore';
