/**
 * The browser's only door to the server: same-origin JSON over fetch. Errors always arrive as an
 * ApiError carrying the `{ error: { code, message } }` body the server sends, so pages can show
 * `error.message` and branch on `error.code` without parsing anything themselves. An answer is
 * checked against its schema from core/api.ts (the one the server answers by) before a page sees it.
 */

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(options: { code: string; message: string; status: number }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * What a zod schema from core/api.ts offers; typed structurally so this module (on every page)
 * does not pull zod into the bundle: only pages that check an answer load its schema.
 */
export type AnswerSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
};

type RequestOptions<T> = {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The answer's schema: an answer that does not match it is an error, never data. Pages on every
   * visitor's path pass a loader (`() => import(...)`), fetched beside the request.
   */
  schema?: AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);
};

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** An answer that does not match its schema: this page is older (or newer) than the server. */
export const UNEXPECTED_ANSWER_MESSAGE =
  'Clipsmith sent an answer this page does not understand. Reload the page to get the latest version.';

function errorFromBody(body: unknown, status: number): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${status}`;
  const message = typeof error?.message === 'string' && error.message ? error.message : FALLBACK_MESSAGE;
  return new ApiError({ code, message, status });
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  if (!path.startsWith('/')) throw new Error(`api: same-origin paths only, got "${path}"`);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const schema = typeof options.schema === 'function' ? options.schema() : options.schema;
  // A failed request never reads its schema: its loading must not fail unheard either.
  if (schema instanceof Promise) schema.catch(() => undefined);
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({
      code: 'network_error',
      message: 'Could not reach Clipsmith. Check your connection and try again.',
      status: 0,
    });
  }

  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) throw errorFromBody(parsed, response.status);
  if (!schema) return parsed as T;
  const checked = (await schema).safeParse(parsed);
  if (!checked.success)
    throw new ApiError({
      code: 'unexpected_answer',
      message: UNEXPECTED_ANSWER_MESSAGE,
      status: response.status,
    });
  return checked.data;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions<T>) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('PUT', path, body, options),
  // Some deletions carry a confirmation (DELETE /api/me takes the account's e-mail).
  delete: <T>(path: string, body?: unknown, options?: RequestOptions<T>) =>
    request<T>('DELETE', path, body, options),
};

/** The message to show a person for any thrown value. */
export function errorMessage(error: unknown, fallback = FALLBACK_MESSAGE): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
