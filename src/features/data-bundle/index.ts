export { DataBundlePanel } from './DataBundlePanel';
