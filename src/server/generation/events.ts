// Tells SSE streams that a generation changed. In one process an emitter is enough; streams also
// re-read the job row on a timer, so a change made by another process still arrives.
import { EventEmitter } from 'node:events';
import type { GenerationStatus } from '../../core/api';

/**
 * A change to one generation. `view` is the job's new view when the writer had it at hand (the
 * statement that made the change returned the row): a stream shows it without reading the row again.
 */
export type GenerationListener = (view?: GenerationStatus) => void;

export type GenerationEvents = {
  publish(generationId: string, view?: GenerationStatus): void;
  subscribe(generationId: string, listener: GenerationListener): () => void;
};

export function createGenerationEvents(): GenerationEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(id, view) {
      emitter.emit(id, view);
    },
    subscribe(id, listener) {
      emitter.on(id, listener);
      return () => emitter.off(id, listener);
    },
  };
}
