// Download variants of a stored picture: background removal, sticker, SVG trace and the final file.
// Pure functions on image buffers; storing and caching the results is the caller's job.

export { warmPixelWorker } from './pixel-worker';
export type { RgbaImage } from './raw';
export {
  BACKGROUND_TOLERANCE,
  BackgroundRemovalError,
  type BackgroundRemovalFailure,
  type RemoveBackgroundOptions,
  type RemoveBackgroundResult,
  removeBackground,
  removeBackgroundOffThread,
  removeBackgroundPixels,
} from './remove-background';
export {
  InvalidDownloadError,
  type RenderDownloadInput,
  type RenderedDownload,
  renderDownload,
  renderDownloadOffThread,
  renderVariantPng,
} from './render';
export { makeSticker, makeStickerPixels, stickerGeometry } from './sticker';
export { sizeSvg, TRACE_VIEWBOX, type TraceOptions, traceToSvg } from './trace';
