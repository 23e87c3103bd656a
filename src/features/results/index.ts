export { ResultsScreen } from './ResultsScreen';
