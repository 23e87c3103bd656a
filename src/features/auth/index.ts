// The auth feature's public surface for other features. Who is signed in is app-wide state
// (src/app/auth). The header imports this index, so it is part of the first load: the
// sign-in form (AuthScreen) is not exported here, and its routes import it from its module
// so the form and its sign-in calls stay in the /auth chunk.
export { PostSignIn } from './PostSignIn';
export { validateAuthSearch } from './authSearch';
export { useSignOut } from './useSignOut';
export { SignOutFlow } from './SignOutFlow';
// Its own module: the rest of the sign-in texts stay out of the first load.
export { AUTH_CONTEXT_NOTE } from './contextNote';
export { useForgetPendingAction } from './useForgetPendingAction';
