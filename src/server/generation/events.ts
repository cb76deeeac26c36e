// Tells SSE streams that a generation changed. In one process an emitter is enough; streams also
// re-read the job row on a timer, so a change made by another process still arrives.
import { EventEmitter } from 'node:events';

export type GenerationEvents = {
  publish(generationId: string): void;
  subscribe(generationId: string, listener: () => void): () => void;
};

export function createGenerationEvents(): GenerationEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(id) {
      emitter.emit(id);
    },
    subscribe(id, listener) {
      emitter.on(id, listener);
      return () => emitter.off(id, listener);
    },
  };
}
