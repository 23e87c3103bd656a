// The shell feature's public surface: the layout around every main-layout page.
export { AppShell } from './AppShell';
