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

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

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
   * The answer's schema: an answer that does not match it is an error, never data. A promise of it
   * (its module loading) is read once the answer is in, so the two load side by side.
   */
  schema?: AnswerSchema<T> | Promise<AnswerSchema<T>>;
};

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

function errorFromBody(body: unknown, status: number): ApiError {
  // Our server always answers `{ error: { code, message } }` with strings; anything else (a proxy's
  // page) is answered by status.
  const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return new ApiError({
    code: error?.code || `http_${status}`,
    message: error?.message || FALLBACK_MESSAGE,
    status,
  });
}

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions<T> = {},
): Promise<T> {
  if (!path.startsWith('/')) throw new Error(path); // same-origin only
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  // A request that fails never reads its schema: a schema that fails to load must not go unheard.
  Promise.resolve(options.schema).catch(() => {});
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
      // Not JSON (a proxy's error page): answered by status alone.
    }
  }
  if (!response.ok) throw errorFromBody(parsed, response.status);
  if (!options.schema) return parsed as T;
  const checked = (await options.schema).safeParse(parsed);
  if (!checked.success)
    throw new ApiError({
      code: 'unexpected_answer',
      message: FALLBACK_MESSAGE,
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
