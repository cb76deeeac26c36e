// What the UI may know about this deployment: which image model runs and how payments work.
import { Hono } from 'hono';
import type { AppMeta } from '../../core/api';
import type { Config } from '../config';
import type { ImageProvider } from '../generation/ports';

type MetaDeps = { config: Config; imageProvider: ImageProvider; version: string };

/** The same answer /api/meta gives, also written into every page the server sends (http/spa.ts). */
export function appMeta(deps: MetaDeps): AppMeta {
  const offline = deps.imageProvider.name === 'offline-composer';
  return {
    imageModel: {
      provider: deps.imageProvider.name,
      model: deps.imageProvider.model,
      label: offline
        ? 'Works offline with the built-in clipart composer'
        : `Powered by ${deps.imageProvider.name === 'openai' ? 'OpenAI ' : ''}${deps.imageProvider.model}`,
    },
    payments: deps.config.payments.mode,
    version: deps.version,
    devOutbox: deps.config.mail.devOutbox,
  };
}

export function metaRoutes(deps: MetaDeps) {
  const body = appMeta(deps);
  return new Hono().get('/', (c) => c.json(body, 200, { 'Cache-Control': 'public, max-age=60' }));
}
