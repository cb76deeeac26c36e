// Sample pictures rendered once at build time (landing page, theme tiles). Returns the bytes;
// the build script writes them.
import type { SamplePicture } from '../core/samples';
import { composeSvg, renderPng } from './compose';

export async function renderSample(sample: Omit<SamplePicture, 'src'>, size = 512): Promise<Buffer> {
  const { svg, renderScale } = composeSvg(sample);
  return renderPng(svg, renderScale, size);
}
