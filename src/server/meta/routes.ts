// What the UI may know about this deployment: which image model runs and how payments work.
import { Hono } from 'hono';
import type { AppMeta } from '../../core/api';
import type { Config } from '../config';
import type { ImageProvider } from '../generation/ports';

export function metaRoutes(deps: { config: Config; imageProvider: ImageProvider; version: string }) {
  const offline = deps.imageProvider.name === 'offline-composer';
  const body: AppMeta = {
    imageModel: {
      provider: deps.imageProvider.name,
      model: deps.imageProvider.model,
      label: offline
        ? 'Works offline with the built-in clipart composer'
        : `Powered by ${deps.imageProvider.name === 'openai' ? 'OpenAI ' : ''}${deps.imageProvider.model}`,
    },
    payments: deps.config.payments.mode,
    version: deps.version,
    devOutbox: !deps.config.isProduction,
  };
  return new Hono().get('/', (c) => c.json(body, 200, { 'Cache-Control': 'public, max-age=60' }));
}
