// Loaded lazily by the home screen on wide screens (never part of the first load).
export { default } from './DesktopPanel';
