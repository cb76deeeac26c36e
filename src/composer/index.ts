// The built-in clipart composer: prompt -> plan -> art -> SVG/PNG. Pure apart from reading its
// art and word index; the image provider in src/server/generation wraps it.
export { getCatalog } from './catalog';
export { type ComposeInput, type Composition, composeClipart, composeSvg, renderPng } from './compose';
export { renderSample } from './landing';
