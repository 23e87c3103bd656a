// The settings feature's public surface: the Settings screen and the section shape another
// feature's settings take (add a section in ./sections.ts).
export { SettingsScreen } from './SettingsScreen';
