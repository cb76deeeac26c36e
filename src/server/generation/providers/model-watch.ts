// OpenAI retires models on announced dates, and a retired model answers every call with 404
// model_not_found. The watch asks the models endpoint about each configured model at start-up and
// once a day, so an operator learns of a shutdown weeks ahead (a warning with the days left) and
// of a gone model at once (an error), in the log and in the health JSON, instead of from failed
// generations or a vision check that silently stopped checking.

import OpenAI from 'openai';
import type { CheckReport } from '../../health/checks';
import { silentLogger } from '../../logger';
import { type AdapterLogger, describeError } from './openai';
import { type ModelUse, OPENAI_MODELS } from './openai-models';

export const WATCH_INTERVAL_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type WatchedModel = { use: ModelUse; id: string };

export type ModelState =
  /** Answering, no shutdown announced. */
  | 'active'
  /** Answering, with a shutdown date. */
  | 'retiring'
  /** 404 / model_not_found, or past its shutdown date: every call to it fails. */
  | 'gone'
  /** The server could not say (network, 5xx, a compatible server without the endpoint). */
  | 'unknown';

export type ModelReport = {
  use: ModelUse;
  id: string;
  state: ModelState;
  shutdownDate?: string;
  daysLeft?: number;
  replacement?: string;
  checkedAt: string;
  error?: Record<string, unknown>;
};

export type ModelWatch = {
  /** Asks about every model now; resolves when all have answered (never throws). */
  check(): Promise<ModelReport[]>;
  /** Checks now and then once a day until stop(). */
  start(): Promise<ModelReport[]>;
  stop(): void;
  /** For the health JSON: `error` when a model is gone, `warn` when one has a shutdown date. */
  status(): CheckReport;
};

function daysBetween(from: Date, date: string): number {
  const day = Date.parse(`${date}T00:00:00Z`);
  return Math.ceil((day - from.getTime()) / DAY_MS);
}

function knownReplacement(use: ModelUse, id: string): string | undefined {
  const name = id.trim().toLowerCase();
  return OPENAI_MODELS.find((m) => m.use === use && m.match.test(name))?.replacement;
}

export function createModelWatch(opts: {
  client: OpenAI;
  models: WatchedModel[];
  /** A compatible server may not serve /models/{id}: its 404 means "cannot say", not "gone". */
  isOpenAI: boolean;
  logger?: AdapterLogger & { info?(obj: object, msg?: string): void };
  now?: () => Date;
}): ModelWatch {
  const log = opts.logger ?? silentLogger;
  const now = opts.now ?? (() => new Date());
  // The same model may serve two uses; one request each is enough.
  const models = opts.models.filter(
    (m, i) => opts.models.findIndex((o) => o.id === m.id && o.use === m.use) === i,
  );
  let reports: ModelReport[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function one(model: WatchedModel): Promise<ModelReport> {
    const at = now();
    const base = { use: model.use, id: model.id, checkedAt: at.toISOString() };
    const replacement = knownReplacement(model.use, model.id);
    try {
      const answer = (await opts.client.models.retrieve(model.id)) as OpenAI.Models.Model & {
        shutdown_date?: string | null;
      };
      const shutdownDate = answer.shutdown_date ?? undefined;
      if (!shutdownDate) return { ...base, state: 'active' };
      const daysLeft = daysBetween(at, shutdownDate);
      const state: ModelState = daysLeft <= 0 ? 'gone' : 'retiring';
      return { ...base, state, shutdownDate, daysLeft, ...(replacement ? { replacement } : {}) };
    } catch (err) {
      const gone = err instanceof OpenAI.NotFoundError && (opts.isOpenAI || err.code === 'model_not_found');
      return {
        ...base,
        state: gone ? 'gone' : 'unknown',
        error: describeError(err),
        ...(replacement ? { replacement } : {}),
      };
    }
  }

  function report(r: ModelReport) {
    const entry = {
      model: r.id,
      use: r.use,
      shutdownDate: r.shutdownDate,
      daysLeft: r.daysLeft,
      replacement: r.replacement,
      cause: r.error,
    };
    const setting = `OPENAI_${r.use.toUpperCase()}_MODEL`;
    if (r.state === 'gone') {
      log.error(
        entry,
        `OpenAI model ${r.id} is gone: every ${r.use} call to it fails. Set ${setting}${r.replacement ? ` (OpenAI recommends ${r.replacement})` : ''}`,
      );
    } else if (r.state === 'retiring') {
      log.warn(
        entry,
        `OpenAI model ${r.id} shuts down on ${r.shutdownDate}, in ${r.daysLeft} day${r.daysLeft === 1 ? '' : 's'}: change ${setting}${r.replacement ? ` (OpenAI recommends ${r.replacement})` : ''}`,
      );
    } else if (r.state === 'unknown') {
      log.warn(entry, `could not ask OpenAI about model ${r.id}; will ask again tomorrow`);
    }
  }

  async function check() {
    reports = await Promise.all(models.map(one));
    for (const r of reports) report(r);
    return reports;
  }

  return {
    check,
    async start() {
      const first = await check();
      timer = setInterval(() => void check(), WATCH_INTERVAL_MS);
      timer.unref();
      return first;
    },
    stop() {
      clearInterval(timer);
    },
    status() {
      const gone = reports.filter((r) => r.state === 'gone');
      const retiring = reports.filter((r) => r.state === 'retiring');
      const status = gone.length > 0 ? 'error' : retiring.length > 0 ? 'warn' : 'ok';
      const message = [
        ...gone.map((r) => `${r.id} (${r.use}) is gone`),
        ...retiring.map((r) => `${r.id} (${r.use}) shuts down on ${r.shutdownDate}, in ${r.daysLeft} days`),
      ].join('; ');
      return { status, ...(message ? { message } : {}), models: reports };
    },
  };
}
