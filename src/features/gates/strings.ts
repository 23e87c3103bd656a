/** Texts of the sign-in gates (docs/product.md § Accounts and access): each defined once, here. */
export const GATE_TEXT = Object.freeze({
  enableFeature: 'Enable Feature',
  redirecting: 'Redirecting for authentication...',
});
