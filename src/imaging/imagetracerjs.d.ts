// Minimal types for the parts of imagetracerjs (plain JS, no bundled types) that the tracer uses.
declare module 'imagetracerjs' {
  interface TracerColor {
    r: number;
    g: number;
    b: number;
    a: number;
  }

  interface TracerImageData {
    width: number;
    height: number;
    data: Uint8ClampedArray | Uint8Array;
  }

  interface TracerOptions {
    ltres?: number;
    qtres?: number;
    pathomit?: number;
    rightangleenhance?: boolean;
    colorsampling?: 0 | 1 | 2;
    numberofcolors?: number;
    mincolorratio?: number;
    colorquantcycles?: number;
    layering?: 0 | 1;
    strokewidth?: number;
    linefilter?: boolean;
    scale?: number;
    roundcoords?: number;
    viewbox?: boolean;
    desc?: boolean;
    blurradius?: number;
    blurdelta?: number;
    pal?: TracerColor[];
  }

  interface TracedPath {
    isholepath: boolean;
    holechildren: number[];
    segments: unknown[];
  }

  interface TraceData {
    layers: TracedPath[][];
    palette: TracerColor[];
    width: number;
    height: number;
  }

  interface ImageTracer {
    imagedataToTracedata(imgd: TracerImageData, options?: TracerOptions): TraceData;
    imagedataToSVG(imgd: TracerImageData, options?: TracerOptions): string;
    svgpathstring(tracedata: TraceData, layer: number, path: number, options: TracerOptions): string;
    checkoptions(options?: TracerOptions): TracerOptions;
    /** Walks an edge-node grid (mutated) into closed pixel-edge paths. */
    pathscan(nodes: number[][], pathomit: number): unknown[];
    internodes(paths: unknown[], options: TracerOptions): unknown[];
    batchtracepaths(internodePaths: unknown[], ltres: number, qtres: number): TracedPath[];
  }

  const tracer: ImageTracer;
  export default tracer;
  export type { TraceData, TracedPath, TracerColor, TracerImageData, TracerOptions };
}
