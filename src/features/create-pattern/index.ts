export { CreatePatternScreen } from './CreatePatternScreen';
