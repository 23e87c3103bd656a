// The programs feature's public surface (docs/product.md § Programs).
export { ProgramsScreen } from './ProgramsScreen';
export { ProgramByIdScreen } from './ProgramByIdScreen';
export { ProgramHistoryLine, ProgramResultsCard } from './ProgramResultsCard';
export { ProgramBuilder } from './ProgramBuilder';
export { ProgramLinkScreen } from './ProgramLinkScreen';
// The programs made on this device, for the course builder (a day may hold a program).
export { useCustomPrograms } from './useCustomPrograms';
