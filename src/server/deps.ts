// What the app is built from: every port and setting, chosen once in runtime.ts and handed to the
// routes by app.ts. Its own file so that neither of those two imports the other.
import type { Auth } from './auth/auth';
import type { Payments } from './billing/payments';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { GalleryCache } from './gallery/first-page-cache';
import type { GenerationEvents } from './generation/events';
import type { ImageCheck, ImageProvider, Moderation } from './generation/ports';
import type { HealthCheck } from './health/checks';
import type { Downloads } from './image-files/download';
import type { ThumbnailQueue } from './image-files/thumbnails';
import type { JobRunner } from './jobs/runner';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { RateLimiter } from './platform/rate-limit';
import type { PromptSuggester } from './prompts/ports';
import type { Deletions } from './storage/deletions';
import type { Storage } from './storage/storage';

export type Deps = {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  auth: Auth;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  storage: Storage;
  /** Every removal of files goes through here (pending deletions, retried until confirmed). */
  deletions: Deletions;
  imageProvider: ImageProvider;
  imageCheck: ImageCheck;
  moderation: Moderation;
  /** Suggest's provider: the composer's own words, or OpenAI's Responses API (prompts/). */
  promptSuggester: PromptSuggester;
  events: GenerationEvents;
  jobs: JobRunner;
  thumbnails: ThumbnailQueue;
  /** Download variants: rendered in a bounded queue, stored under a size cap (images/download.ts). */
  downloads: Downloads;
  payments: Payments;
  /** The public gallery's first page, shared by requests for a moment (images/first-page-cache.ts). */
  galleryCache: GalleryCache;
  /** What /api/health and /api/ready report: a feature adds its own named check here. */
  healthChecks: HealthCheck[];
  webDir: string;
  version: string;
};
