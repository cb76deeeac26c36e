// The built-in clipart composer: prompt -> plan -> art -> SVG/PNG. Pure apart from reading its
// word and art index (built by `npm run composer:index`); the image provider in
// src/server/generation wraps it.
export { type ComposeInput, type Composition, composeClipart, composeSvg, renderPng } from './compose';
export type { ArtSetInfo } from './index-file';
export { renderSample } from './landing';
export { ComposerIndexMissing, getLexicon, useIndexDir } from './lexicon';
export { ComposerMiss, type DrawnSubject, planPrompt } from './plan';
export { createRandom, hashText, type Random } from './random';
