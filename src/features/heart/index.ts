export { HeartStrapSettings } from './HeartStrapSettings';
