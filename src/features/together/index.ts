// Breathe together (docs/product.md § Breathe together): the shared-session screen a link
// opens, and the control that starts one.
export { StartTogether } from './StartTogether';
export { TogetherScreen } from './TogetherScreen';
