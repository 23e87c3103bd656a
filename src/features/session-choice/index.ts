export { SessionChoiceScreen } from './SessionChoiceScreen';
