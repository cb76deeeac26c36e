// One error shape for every API response: {"error":{"code":"…","message":"…"}}. Services throw
// DomainError (core/domain-error.ts); this is the one place its kind becomes a status.
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { DomainError, type DomainErrorKind } from '../../core/domain-error';
import { BUSY_RETRY_AFTER_SECONDS, isDatabaseBusy } from '../db/errors';
import type { Logger } from '../logger';

export { notFound, unauthorized } from '../../core/domain-error';

/** The status each kind of domain error is answered with. */
export const STATUS_OF_KIND: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  declined: 422,
  rate_limited: 429,
  failed: 500,
  provider_failed: 502,
  unavailable: 503,
};

/** An error that is about HTTP itself (a method, a malformed body), thrown by routes and middleware only. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly headers?: Record<string, string>;

  constructor(status: ContentfulStatusCode, code: string, message: string, headers?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** The status an error of ours is answered with; undefined for anything else (a 500 or a busy 503). */
export function statusOf(error: unknown): ContentfulStatusCode | undefined {
  if (error instanceof DomainError) return STATUS_OF_KIND[error.kind];
  if (error instanceof AppError) return error.status;
  return undefined;
}

function domainErrorHeaders(error: DomainError): Record<string, string> | undefined {
  const { retryAfterSeconds, challenge } = error.details;
  if (retryAfterSeconds === undefined && challenge === undefined) return undefined;
  return {
    ...(retryAfterSeconds !== undefined ? { 'Retry-After': String(retryAfterSeconds) } : {}),
    ...(challenge !== undefined ? { 'WWW-Authenticate': challenge } : {}),
  };
}

export function errorBody(code: string, message: string) {
  return { error: { code, message } };
}

export function toErrorResponse(c: Context, error: unknown, log: Logger) {
  if (error instanceof DomainError) {
    return c.json(
      errorBody(error.code, error.message),
      STATUS_OF_KIND[error.kind],
      domainErrorHeaders(error),
    );
  }
  if (error instanceof AppError) {
    return c.json(errorBody(error.code, error.message), error.status, error.headers);
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413)
      return c.json(errorBody('payload_too_large', 'The request body is larger than 1 MB'), 413);
    return c.json(
      errorBody(codeForStatus(status), error.message || 'Request failed'),
      status as ContentfulStatusCode,
    );
  }
  if (isDatabaseBusy(error)) {
    // A burst larger than the connection pool: a clean "try again", not a failure.
    log.warn({ err: error }, 'database busy: no connection within the pool wait');
    return c.json(errorBody('busy', 'We are busy right now. Please try again in a moment.'), 503, {
      'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
    });
  }
  log.error({ err: error }, 'unhandled error');
  return c.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), 500);
}

function codeForStatus(status: number): string {
  if (status === 400) return 'bad_request';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  return 'error';
}

/** Reads and validates a JSON body; malformed JSON and schema failures become 400s with a readable message. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch (error) {
    if (error instanceof HTTPException) throw error;
    throw new AppError(400, 'invalid_json', 'The request body is not valid JSON');
  }
  return parseWith(schema, body);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
    const message =
      issue.message && !issue.message.startsWith('Invalid')
        ? issue.message
        : `${field ?? 'input'}: ${issue.message}`;
    throw new AppError(400, 'invalid_request', message);
  }
  return result.data;
}
