// The gates feature's public surface: the gate in front of features that need an account
// or a wallet. The action a gate keeps for after sign-in is app-wide auth state
// (src/app/auth/pendingAction).
export { AuthGate } from './AuthGate';
