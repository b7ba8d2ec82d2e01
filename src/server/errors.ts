// The proxy's own error answers. Every refusal, every upstream failure and every bug becomes
// one body shape (`proxyErrorSchema`): a fresh trace id, the status, a category, plain
// messages, a `kind` and the failing `fields`. Nothing of the upstream's own answer (its trace
// ids, request ids, internal messages) and never the API key.
import type { FieldIssue } from '../contract/issues.js';
import type { ProxyError, proxyErrorKinds } from '../contract/proxy.js';

/** A proxy error kind. */
export type ProxyErrorKind = (typeof proxyErrorKinds)[number];

const categories: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** Options of a {@link ProxyHttpError}. */
export type ProxyHttpErrorOptions = {
  /** The failing fields; each message names its field. */
  fields?: FieldIssue[];
  /** Extra response headers (`Allow`, `Retry-After`). */
  headers?: Record<string, string>;
};

/**
 * A refusal the proxy answers on purpose: a status, a kind and plain messages. Route code
 * throws it; the handler turns it into the error body.
 */
export class ProxyHttpError extends Error {
  readonly status: number;
  readonly kind: ProxyErrorKind;
  readonly messages: string[];
  readonly fields: FieldIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    kind: ProxyErrorKind,
    messages: string | string[],
    options: ProxyHttpErrorOptions = {},
  ) {
    const list = Array.isArray(messages) ? messages : [messages];
    super(`billing-kit: ${list.join('; ')}`);
    this.name = 'ProxyHttpError';
    this.status = status;
    this.kind = kind;
    this.messages = list;
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

/** A 400 that names each failing field: its message list is `field message` lines. */
export function invalidFields(fields: FieldIssue[]): ProxyHttpError {
  return new ProxyHttpError(
    400,
    'invalid_request',
    fields.map((f) => `${f.field} ${f.message}`),
    { fields },
  );
}

/** One failing field as a 400. */
export function invalidField(field: string, message: string): ProxyHttpError {
  return invalidFields([{ field, message }]);
}

/**
 * The one answer for "missing", "someone else's" and "no such route": the same status, kind
 * and message whatever the reason, so the answer gives no hint which it was. The message names
 * the field but never echoes the value that was asked for.
 */
export function notFound(field: string, message = 'was not found'): ProxyHttpError {
  return new ProxyHttpError(404, 'not_found', `${field} ${message}`, {
    fields: [{ field, message }],
  });
}

/** The error body of a refusal. */
export function errorBody(error: ProxyHttpError, traceId: string): ProxyError {
  const body: ProxyError = {
    trace_id: traceId,
    status: error.status,
    error: categories[error.status] ?? (error.status >= 500 ? 'Server Error' : 'Bad Request'),
    message: error.messages,
    timestamp: Date.now(),
    kind: error.kind,
  };
  if (error.fields !== undefined && error.fields.length > 0) body.fields = error.fields;
  return body;
}
