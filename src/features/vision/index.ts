// The vision feature's public surface: the camera part of the pre-session step, the live camera panel of
// the active session, and the camera's figures for the completion summary and results.
export { CameraSetupPanel } from './CameraSetupPanel';
export { LiveVisionPanel } from './LiveVisionPanel';
export { VisionFigures } from './VisionFigures';
export { VisionResultsCard } from './VisionResultsCard';
