/** URLs of the MediaPipe files on the app's own origin (scripts/vision/mediapipeAssets.ts). */
declare module 'virtual:pneuma-mediapipe-assets' {
  export const wasmLoaderPath: string;
  export const wasmBinaryPath: string;
  export const faceModelPath: string;
}
