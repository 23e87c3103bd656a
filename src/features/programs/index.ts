// The programs feature's public surface (docs/product.md § Programs).
export { ProgramsScreen } from './ProgramsScreen';
export { ProgramByIdScreen } from './ProgramByIdScreen';
export { ProgramHistoryLine, ProgramResultsCard } from './ProgramResultsCard';
export { ProgramBuilder } from './ProgramBuilder';
export { ProgramLinkScreen } from './ProgramLinkScreen';
