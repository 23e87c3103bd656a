export { ResultsScreen } from './ResultsScreen';
export { courseReturnOf } from '../../domain/courseReturn';
