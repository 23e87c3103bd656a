export { DataBundlePanel, downloadDataFile } from './DataBundlePanel';
