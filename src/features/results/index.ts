export { ResultsScreen } from './ResultsScreen';
export { parseResultsSearch, type ResultsSearch } from './resultsSearch';
