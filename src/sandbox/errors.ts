// The two error bodies of the service, and the error the sandbox's operations throw.
//
// General body (every operation but the credits ones):
//   { trace_id, status, error, message: string[], timestamp }
// Credits body:
//   { error: { type, code, message, param, request_id } }
// A 404 reads `error: "Bad Request"` as the real service's does (api-notes.md): clients must
// read `status`, and the sandbox keeps them honest about it.

import type { CreditsError, ServiceError } from '../contract/schemas.js';

/** Which error body an operation answers with. */
export type ErrorBodyKind = 'general' | 'credits';

/** The category the general body's `error` field names for each status. */
const categories: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  // The real service answers a missing resource with status 404 and category "Bad Request".
  404: 'Bad Request',
  405: 'Method Not Allowed',
  409: 'Conflict',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The category text of a status, as the general error body's `error` field carries it. */
export function errorCategory(status: number): string {
  return categories[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}

/** The credits body's `type` for a status. */
function creditsType(status: number): string {
  if (status === 401 || status === 403) return 'authentication_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** Options of a {@link SandboxError}. */
export type SandboxErrorOptions = {
  /** Credits body `code` (`unbalanced_transaction`, `resource_missing`, …). Default: by status. */
  code?: string;
  /**
   * Credits body `param`: the offending field. Kept as given; the router sends `null` when it
   * is omitted (only its own schema check names the first failing field). Default: none.
   */
  param?: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
};

/**
 * An error answer of the sandbox: a status and the human-readable messages (one per failing
 * field for a 400). The router turns it into the operation's error body.
 */
export class SandboxError extends Error {
  readonly status: number;
  readonly messages: string[];
  readonly code: string | undefined;
  readonly param: string | undefined;
  readonly headers: Record<string, string>;

  constructor(status: number, messages: string | string[], options: SandboxErrorOptions = {}) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(list.join('; '));
    this.name = 'SandboxError';
    this.status = status;
    this.messages = list;
    this.code = options.code;
    this.param = options.param;
    this.headers = options.headers ?? {};
  }
}

/** A 400 naming a field: `"<field> <message>"`. */
export function badRequest(field: string, message: string): SandboxError {
  return new SandboxError(400, `${field} ${message}`, { param: field, code: 'parameter_invalid' });
}

/** A 404 for a resource that does not exist (or lives in the other environment). */
export function notFound(what: string, id: string, param?: string): SandboxError {
  return new SandboxError(404, `${what} ${id} was not found`, {
    code: 'resource_missing',
    ...(param === undefined ? {} : { param }),
  });
}

/** The general error body. */
export function generalErrorBody(
  status: number,
  messages: string[],
  traceId: string,
  timestamp: number,
): ServiceError & { trace_id: string; error: string; message: string[]; timestamp: number } {
  return { trace_id: traceId, status, error: errorCategory(status), message: messages, timestamp };
}

/** The credits error body. */
export function creditsErrorBody(
  status: number,
  message: string,
  requestId: string,
  code: string | null,
  param: string | null,
): CreditsError {
  return {
    error: { type: creditsType(status), code, message, param, request_id: requestId },
  };
}

/** Default credits `code` for a status when the error did not set one. */
export function defaultCreditsCode(status: number): string | null {
  switch (status) {
    case 400:
      return 'parameter_invalid';
    case 401:
    case 403:
      return 'invalid_api_key';
    case 404:
      return 'resource_missing';
    case 409:
      return 'conflict';
    default:
      return status >= 500 ? 'internal_error' : null;
  }
}
