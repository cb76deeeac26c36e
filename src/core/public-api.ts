import { z } from 'zod';
import { generatedImageViewSchema, generationCreatedSchema, generationStatusSchema, safeText } from './api';
import { tierLabel } from './tiers';

// Enterprise's API keys and the public REST API (/api/v1). The server validates with these
// schemas and builds its OpenAPI document from them (an `id` in .meta() names the document's
// component); the web app types its pages with them.

/** Keys a member may hold at once (revoking one frees its place). */
export const MAX_API_KEYS = 10;
export const API_KEY_NAME_MAX_LENGTH = 60;
/** Every key starts with this, so a leaked one is easy to recognise (and for secret scanners). */
export const API_KEY_PREFIX = 'csk_';
export const API_IMAGES_PAGE_SIZE = 20;
export const API_IMAGES_MAX_PAGE_SIZE = 100;

export const API_MESSAGES = {
  enterpriseOnly: `API keys and the REST API are part of the ${tierLabel('enterprise')} plan. Upgrade to ${tierLabel('enterprise')} to use them.`,
  keyNameRequired: 'Give the key a name, e.g. the app or script that will use it',
  keyNameTooLong: `Keep the name to ${API_KEY_NAME_MAX_LENGTH} characters or fewer`,
  tooManyKeys: `You can have at most ${MAX_API_KEYS} API keys. Revoke one you no longer use first.`,
  keyNotFound: 'API key not found',
  missingKey: 'Send your API key in the Authorization header: "Authorization: Bearer <key>"',
  invalidKey: 'This API key is not valid. It may have been revoked.',
  rateLimited: (seconds: number) =>
    `Too many requests with your API keys. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
} as const;

export const apiKeyNameSchema = safeText({ error: API_MESSAGES.keyNameRequired })
  .trim()
  .min(1, API_MESSAGES.keyNameRequired)
  .max(API_KEY_NAME_MAX_LENGTH, API_MESSAGES.keyNameTooLong);

/** `POST /api/keys`. */
export const apiKeyCreateSchema = z.object({ name: apiKeyNameSchema });
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>;

/** A key as listed: never the secret, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601 of the last request made with it; null if never used. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `POST /api/keys` → 201: the only answer that ever contains the secret. */
export const createdApiKeySchema = apiKeySchema.omit({ lastUsedAt: true }).extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `GET /api/keys`. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

// ---------------------------------------------------------------------------------------------
// /api/v1

/** An image as the REST API shows it: absolute URLs that accept the same bearer key. */
export const apiImageSchema = generatedImageViewSchema
  .omit({ thumbUrl: true })
  .extend({
    /** The original PNG (send the API key). */
    url: z.string().describe('The original 1024 px PNG; send the same Authorization header.'),
    /** Any format, size and variant (send the API key); see the download query parameters. */
    downloadUrl: z
      .string()
      .describe('Download in another format, size or variant; send the same Authorization header.'),
    /** Only for public images: the share page (no key needed). */
    shareUrl: z.string().optional(),
  })
  .meta({ id: 'Image' });
export type ApiImage = z.infer<typeof apiImageSchema>;

/** `POST /api/v1/generations` → 202: the first picture, and every picture when `count` asked for several. */
export const apiGenerationCreatedSchema = generationCreatedSchema.meta({ id: 'GenerationCreated' });
export type ApiGenerationCreated = z.infer<typeof apiGenerationCreatedSchema>;

/** `GET /api/v1/generations/:id`. */
export const apiGenerationSchema = generationStatusSchema
  .extend({ image: apiImageSchema.optional() })
  .meta({ id: 'Generation' });
export type ApiGeneration = z.infer<typeof apiGenerationSchema>;

/** `GET /api/v1/images` query. */
export const apiImagesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(API_IMAGES_MAX_PAGE_SIZE).default(API_IMAGES_PAGE_SIZE),
});
export type ApiImagesQuery = z.infer<typeof apiImagesQuerySchema>;

/** `GET /api/v1/images`: the key owner's images, newest first. */
export const apiImagesPageSchema = z
  .object({
    images: z.array(apiImageSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  })
  .meta({ id: 'ImagesPage' });
export type ApiImagesPage = z.infer<typeof apiImagesPageSchema>;
