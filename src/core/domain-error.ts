// A refusal in the product's words: services and use cases throw it, and the HTTP edge
// (server/http/errors.ts) alone turns its kind into a status. See decisions/022-domain-errors.md.

/** What went wrong, as a member or operator would say it; each kind is answered with one status. */
export type DomainErrorKind =
  /** The request itself is wrong (400). */
  | 'invalid'
  /** Nobody is signed in, or the API key is missing or not valid (401). */
  | 'unauthorized'
  /** The request came from somewhere it may not (403). */
  | 'forbidden'
  /** The member's plan does not include it (403). */
  | 'plan_required'
  /** Neither the month's allowance nor the credits cover it (402). */
  | 'insufficient_credits'
  /** No such thing for this asker; someone else's counts as missing (404). */
  | 'not_found'
  /** It clashes with what is already there (409). */
  | 'conflict'
  /** It existed and can no longer be used: a link used up or expired (410). */
  | 'gone'
  /** Understood, but it cannot be done for this content (422). */
  | 'declined'
  /** Too many at once; retry after a while (429). */
  | 'rate_limited'
  /** Our own failure (500). */
  | 'failed'
  /** An outside service (payments) failed to answer (502). */
  | 'provider_failed'
  /** Not available right now or on this deployment (503). */
  | 'unavailable';

export type DomainErrorDetails = {
  /** The answer's machine-readable code, when it says more than the kind (default: the kind). */
  code?: string;
  /** When to ask again. */
  retryAfterSeconds?: number;
  /** The credentials the answer asks for and why, as WWW-Authenticate says it (an API key: `Bearer`). */
  challenge?: string;
};

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly code: string;
  readonly details: Omit<DomainErrorDetails, 'code'>;

  constructor(kind: DomainErrorKind, message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    const { code, ...rest } = details;
    this.code = code ?? kind;
    this.details = rest;
  }
}

export const notFound = (message = 'Not found') => new DomainError('not_found', message);
export const unauthorized = () => new DomainError('unauthorized', 'Please sign in to continue');
