// The service's side of the wire, for client tests: a `fetch` that records each request exactly
// as it was sent and answers with canned responses, in order.

/** One request as it crossed the wire. */
export type RecordedRequest = {
  method: string;
  /** The whole URL, query included. */
  url: string;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  /** The raw body text, or undefined when none was sent. */
  bodyText: string | undefined;
  /** The body parsed as JSON, or undefined when none was sent. */
  body: unknown;
  /** The signal the client passed. */
  signal: AbortSignal | undefined;
  /** The redirect mode the client asked for. */
  redirect: RequestRedirect | undefined;
};

/**
 * A canned answer: a Response, a function making one, `{ throws }` (a network failure),
 * `'hang'` (never answers, rejects when the request's signal aborts) or `'ignore'` (never
 * answers and ignores the signal too).
 */
export type CannedAnswer =
  | Response
  | ((request: RecordedRequest) => Response | Promise<Response>)
  | { throws: unknown }
  | 'hang'
  | 'ignore';

/** A JSON answer. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A fetch that records requests and gives the canned answers in order (then fails loudly). */
export function recordingFetch(...answers: CannedAnswer[]) {
  const requests: RecordedRequest[] = [];
  const queue = [...answers];
  const fetch = async (
    input: string | URL | Request,
    init: RequestInit = {},
  ): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const bodyText = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: String(input instanceof Request ? input.url : input),
      headers,
      bodyText,
      body: bodyText === undefined ? undefined : JSON.parse(bodyText),
      signal: init.signal ?? undefined,
      redirect: init.redirect,
    };
    requests.push(request);
    const answer = queue.shift();
    if (answer === undefined) {
      throw new Error(`recordingFetch: no canned answer left for ${request.method} ${request.url}`);
    }
    if (answer === 'ignore') return new Promise<Response>(() => {});
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        const signal = request.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    }
    if (answer instanceof Response) return answer;
    if (typeof answer === 'function') return answer(request);
    throw answer.throws;
  };
  return { fetch, requests, remaining: () => queue.length };
}
