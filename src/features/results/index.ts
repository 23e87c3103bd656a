export { ResultsScreen } from './ResultsScreen';
export { courseReturnOf, type CourseReturn } from '../../domain/courseReturn';
