// One error class for every way a call to the service can fail, and the functions that build
// it from what came back over the wire. Runs in Node and in browsers alike (no `node:` imports):
// the React proxy client reads the proxy's error bodies with the same functions.
import type { FieldIssue } from '../contract/issues.js';
import { proxyErrorKinds, proxyErrorSchema } from '../contract/proxy.js';
import { creditsErrorSchema, serviceErrorSchema } from '../contract/schemas.js';

/** Every kind of failure, from the status or from what went wrong before a status existed. */
export const billingErrorKinds = proxyErrorKinds;

/**
 * What went wrong: `auth` (401/403), `not_found` (404), `invalid_request` (400/422, or input
 * refused before sending), `conflict` (409), `rate_limited` (429), `server` (5xx), `network`
 * (no answer), `timeout` (no answer in time), `invalid_response` (an answer the contract does
 * not describe: bad JSON, a missing field).
 */
export type BillingErrorKind = (typeof billingErrorKinds)[number];

/** The facts a `BillingError` carries besides its message. */
export type BillingErrorDetails = {
  /** What went wrong. */
  kind: BillingErrorKind;
  /**
   * HTTP status of the answer; 0 when none came (network, a timeout before the status, refused
   * input). Kept when the status came but its body could not be read.
   */
  status: number;
  /** What the service (or the library) said, one line each; never empty. */
  messages: string[];
  /** `trace_id` of the general error body. */
  traceId?: string;
  /** `request_id` of the credits error body. */
  requestId?: string;
  /** `code` of the credits error body, such as `insufficient_balance`. */
  code?: string;
  /** `param` of the credits error body: the offending field. */
  param?: string;
  /** For `invalid_response`: the dotted path of the first failing field (`items.1.status`). */
  path?: string;
  /** For `invalid_request`: each failing input field with what to fix. */
  fields?: FieldIssue[];
  /** How long the service asked to wait before trying again (`Retry-After`), in ms. */
  retryAfterMs?: number;
  /** The operation (or proxy route) that failed, such as `upgradeSubscription`. */
  operation?: string;
};

const brand = Symbol.for('billing-kit.BillingError');
const optionalKeys = [
  'traceId',
  'requestId',
  'code',
  'param',
  'path',
  'fields',
  'retryAfterMs',
  'operation',
] as const;

/**
 * A failed call to the service. Read `kind` to decide what to do, `messages` to show what the
 * service said, and `fields` to put each message beside its form field.
 */
export class BillingError extends Error {
  static {
    // On the prototype, not as a field, so the stack's first line names the class too.
    BillingError.prototype.name = 'BillingError';
  }

  declare readonly kind: BillingErrorKind;
  declare readonly status: number;
  declare readonly messages: string[];
  declare readonly traceId?: string;
  declare readonly requestId?: string;
  declare readonly code?: string;
  declare readonly param?: string;
  declare readonly path?: string;
  declare readonly fields?: FieldIssue[];
  declare readonly retryAfterMs?: number;
  declare readonly operation?: string;

  /**
   * @param message The whole sentence: starts with `billing-kit: `, says what happened and how
   *   to fix it.
   * @param details The facts; optional ones are set only when defined.
   */
  constructor(message: string, details: BillingErrorDetails, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    const self = this as { -readonly [K in keyof BillingErrorDetails]: BillingErrorDetails[K] };
    self.kind = details.kind;
    self.status = details.status;
    self.messages = [...details.messages];
    for (const key of optionalKeys) {
      if (details[key] !== undefined) Object.assign(self, { [key]: details[key] });
    }
    Object.defineProperty(this, brand, { value: true });
  }

  /** The facts and the message, for loggers that call `JSON.stringify`. */
  toJSON(): BillingErrorDetails & { name: string; message: string } {
    const json: BillingErrorDetails & { name: string; message: string } = {
      name: this.name,
      message: this.message,
      kind: this.kind,
      status: this.status,
      messages: this.messages,
    };
    for (const key of optionalKeys) {
      if (this[key] !== undefined) Object.assign(json, { [key]: this[key] });
    }
    return json;
  }
}

/** True for a `BillingError`, even one from another copy of billing-kit in the bundle. */
export function isBillingError(value: unknown): value is BillingError {
  return (
    value instanceof BillingError || (typeof value === 'object' && value !== null && brand in value)
  );
}

const statusTexts: Record<number, string> = {
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The standard reason phrase of a status (HTTP/2 answers carry none of their own). */
export function statusText(status: number, fallback = ''): string {
  return statusTexts[status] ?? fallback;
}

/** The kind a status means. Read the status, never the body's `error` category. */
export function kindForStatus(status: number): BillingErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500 && status <= 599) return 'server';
  if (status >= 400 && status <= 499) return 'invalid_request';
  return 'invalid_response';
}

/** What to say when the service said nothing. */
const defaultMessages: Record<BillingErrorKind, string> = {
  auth: 'the API key is missing, wrong, or for the other environment',
  not_found: 'the resource does not exist (or belongs to the other environment)',
  invalid_request: 'the service refused the request as invalid',
  conflict: 'the request conflicts with the current state of the resource',
  rate_limited: 'too many requests',
  server: 'the service had an internal error',
  network: 'the service could not be reached',
  timeout: 'the service did not answer in time',
  invalid_response: 'the service answered with something billing-kit does not understand',
};

/** The default message of a kind, for a failure that came with none. */
export function defaultMessage(kind: BillingErrorKind): string {
  return defaultMessages[kind];
}

/**
 * The facts of an error answer, from whichever body it carries: the proxy's (with `kind` and
 * `fields`), the credits one (`error.type/code/message/param/request_id`), the general one
 * (`message` an array, a string or absent), or none at all (an HTML page from a gateway).
 * The kind follows the status; only the proxy's body may name its own.
 */
export function readErrorBody(status: number, body: unknown): BillingErrorDetails {
  const byStatus = kindForStatus(status);
  const json = typeof body === 'string' ? parseJson(body) : body;

  const proxy = proxyErrorSchema.safeParse(json);
  if (proxy.success) {
    const kind = (billingErrorKinds as readonly string[]).includes(proxy.data.kind)
      ? (proxy.data.kind as BillingErrorKind)
      : byStatus;
    const details: BillingErrorDetails = {
      kind,
      status,
      messages: nonEmpty(proxy.data.message, kind),
      traceId: proxy.data.trace_id,
    };
    if (proxy.data.fields?.length) {
      details.fields = proxy.data.fields.map(({ field, message }) => ({ field, message }));
    }
    return details;
  }

  const credits = creditsErrorSchema.safeParse(json);
  if (credits.success) {
    const { type, code, message, param, request_id } = credits.data.error;
    const kind =
      byStatus === 'invalid_response' && type === 'authentication_error'
        ? 'auth'
        : byStatus === 'invalid_response' && type === 'rate_limit_error'
          ? 'rate_limited'
          : byStatus;
    const details: BillingErrorDetails = { kind, status, messages: nonEmpty([message], kind) };
    if (request_id) details.requestId = request_id;
    if (code) details.code = code;
    if (param) {
      details.param = param;
      details.fields = [{ field: param, message }];
    }
    return details;
  }

  const general = serviceErrorSchema.safeParse(json);
  if (general.success) {
    const { message, trace_id } = general.data;
    const lines = typeof message === 'string' ? [message] : (message ?? []);
    const details: BillingErrorDetails = {
      kind: byStatus,
      status,
      messages: nonEmpty(lines, byStatus),
    };
    if (trace_id) details.traceId = trace_id;
    return details;
  }

  return { kind: byStatus, status, messages: [defaultMessages[byStatus]] };
}

function nonEmpty(lines: readonly string[], kind: BillingErrorKind): string[] {
  const kept = lines.map((line) => line.trim()).filter((line) => line !== '');
  return kept.length > 0 ? kept : [defaultMessages[kind]];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `a; b` as one sentence, ending with a full stop unless it already ends with one. */
export function sentence(lines: readonly string[]): string {
  const text = lines.join('; ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/**
 * The message of an error answer:
 * `billing-kit: upgradeSubscription failed (404 Not Found): subscription sub_x does not exist.`
 */
export function responseErrorMessage(
  details: Pick<BillingErrorDetails, 'status' | 'messages' | 'operation'>,
  options: { statusText?: string; hint?: string; attempts?: number } = {},
): string {
  const label = [details.status, statusText(details.status, options.statusText)]
    .filter(Boolean)
    .join(' ');
  const tries = (options.attempts ?? 1) > 1 ? ` after ${options.attempts} attempts` : '';
  const hint = options.hint ? ` ${options.hint}` : '';
  return `billing-kit: ${details.operation ?? 'request'} failed (${label})${tries}: ${sentence(details.messages)}${hint}`;
}

/** The status and headers of an answer: a `Response`, or anything shaped like one. */
export type ResponseLike = {
  status: number;
  statusText?: string;
  headers?: { get(name: string): string | null };
};

/** Options of `billingErrorFromResponse` and `readBillingError`. */
export type ErrorFromResponseOptions = {
  /**
   * Named in the message and kept as `operation`. Default: none; the message says `request`
   * and the error's `operation` stays undefined.
   */
  operation?: string;
  /** A sentence appended to the message that says how to fix it. Default: none. */
  hint?: string;
  /** How many attempts were made, said in the message when more than one. Default: 1. */
  attempts?: number;
};

/**
 * A `BillingError` from an error answer and its body (parsed JSON, or the raw text, or
 * `undefined`). Reads every known body shape and the `Retry-After` header.
 */
export function billingErrorFromResponse(
  response: ResponseLike,
  body: unknown,
  options: ErrorFromResponseOptions = {},
): BillingError {
  const details = readErrorBody(response.status, body);
  if (options.operation !== undefined) details.operation = options.operation;
  const retryAfterMs = parseRetryAfter(response.headers?.get('retry-after') ?? null);
  if (retryAfterMs !== undefined) details.retryAfterMs = retryAfterMs;
  return new BillingError(
    responseErrorMessage(details, {
      statusText: response.statusText,
      hint: options.hint,
      attempts: options.attempts,
    }),
    details,
  );
}

/** Reads an error answer's body (JSON or not) and returns its `BillingError`. */
export async function readBillingError(
  response: Response,
  options: ErrorFromResponseOptions = {},
): Promise<BillingError> {
  let text: string | undefined;
  try {
    text = await response.text();
  } catch {
    text = undefined;
  }
  return billingErrorFromResponse(response, text, options);
}

/** Longest wait a `Retry-After` header is believed for (one day); beyond it is nonsense. */
const RETRY_AFTER_LIMIT_MS = 86_400_000;

/**
 * A `Retry-After` header in ms: delay-seconds (`"120"`) or an HTTP date. `undefined` when
 * absent or unreadable; never negative.
 */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  // Delay-seconds, or an HTTP date (which always names its day or month in letters).
  const ms = /^\d+$/.test(text)
    ? Number(text) * 1000
    : /[a-z]/i.test(text)
      ? Date.parse(text) - now
      : Number.NaN;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(0, ms), RETRY_AFTER_LIMIT_MS);
}
