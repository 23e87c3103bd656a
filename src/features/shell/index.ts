// The shell feature's public surface: the layout around every main-layout page, and the
// immersive view a session asks for (the chrome recedes).
export { AppShell } from './AppShell';
export { useImmersiveChrome } from './immersiveChrome';
export { usePageTitle } from './usePageTitle';
export { setBottomNavVariant, useBottomNavVariant } from './navPreference';
export { useQuietSessions } from './useQuietSessions';
