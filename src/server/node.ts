// The Node adapter: turns an `IncomingMessage` into a web `Request`, runs the fetch-style
// handler, and streams the `Response` back. It only converts; the handler does the rest.
// No `node:` module is loaded, not even for types: the request and the response are described
// by what is read of them, so an app type-checked without @types/node (a Workers or Deno
// project importing `billing-kit/server`) compiles, and Node's own objects still fit.
import { setRemoteAddress } from './remote-address.js';
import { fetchCarriesMethod, setRequestMethod } from './request-method.js';

/** What the adapter reads of Node's `IncomingMessage` (a readable stream). */
export interface NodeIncomingMessage {
  url?: string | undefined;
  method?: string | undefined;
  headers: { [name: string]: string | string[] | undefined };
  socket?: { remoteAddress?: string | undefined } | null | undefined;
  readonly readableEnded: boolean;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'aborted', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'end' | 'aborted', listener: () => void): unknown;
  once(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  off(event: 'end', listener: () => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
}

/** What the adapter uses of Node's `ServerResponse` (a writable stream). */
export interface NodeServerResponse {
  statusCode: number;
  readonly headersSent: boolean;
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
  setHeader(name: string, value: string | string[]): unknown;
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  end(chunk: string): unknown;
  destroy(): unknown;
  once(event: 'close' | 'drain', listener: () => void): unknown;
}

/** The request as Node's `http` and Express hand it over. */
export type NodeRequest = NodeIncomingMessage & {
  /** Express: the URL before a mount path was stripped (`app.use('/api/billing', …)`). */
  originalUrl?: string;
  /**
   * Express: the body a parser (`express.json()`) read from the stream. body-parser 1.x (Express
   * 4) also sets `{}` on a request it does not parse, leaving the stream unread.
   */
  body?: unknown;
  /** body-parser 1.x: true once it has read the stream into `body`. */
  _body?: unknown;
  /** Express: the path the handler is mounted at (`app.use('/billing', …)`), else "". */
  baseUrl?: string;
};

/** A Node `http` / Express request handler. */
export type NodeHandler = (
  req: NodeRequest,
  res: NodeServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * Serves a fetch-style handler from Node's `http` server or Express:
 * `http.createServer(toNodeHandler(billing))` or `app.use(toNodeHandler(billing))`.
 *
 * - The URL is the full one (`originalUrl` under an Express mount), with the host from `Host`
 *   and the protocol from `X-Forwarded-Proto` when present (a TLS-terminating proxy), else
 *   from the socket. Behind a proxy that changes the host, set `allowedOrigins` on the handler.
 * - A body that a parser (`express.json()`) already read from the stream is sent on as JSON;
 *   otherwise the stream is passed through unread, so the handler's size limit counts the real
 *   bytes (a `req.body` that body-parser 1.x set without reading, `{}`, is not a body).
 * - With Express, a path outside the handler's `basePath` goes to `next()`.
 * - The socket address is handed to the handler out of band (not as a header a visitor could
 *   forge), for the default rate-limit client key.
 */
export function toNodeHandler(handler: (request: Request) => Promise<Response>): NodeHandler {
  const basePath = (handler as { basePath?: unknown }).basePath;
  let warned = false;
  return (req, res, next) => {
    // Mounted where no path of its own can arrive, it would pass every request on in silence.
    const mount = req.baseUrl;
    if (!warned && typeof basePath === 'string' && mount && !covers(mount, basePath)) {
      warned = true;
      console.warn(
        `billing-kit: toNodeHandler is mounted at "${mount}", but the handler's basePath is "${basePath}", so no request reaches it. Mount it at "${basePath}" (or with app.use(handler) alone), or pass basePath: "${mount}" to createBillingHandler.`,
      );
    }
    serve(handler, typeof basePath === 'string' ? basePath : undefined, req, res, next).catch(
      (error: unknown) => {
        if (next) next(error);
        else if (!res.headersSent) {
          res.statusCode = 500;
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(
            JSON.stringify({
              trace_id: 'bk_node',
              status: 500,
              error: 'Internal Server Error',
              message: ['the billing proxy had an internal error'],
              timestamp: Date.now(),
              kind: 'server',
            }),
          );
        } else res.destroy();
      },
    );
  };
}

/** Whether requests under the mount path `mount` can fall under `basePath`. */
function covers(mount: string, basePath: string): boolean {
  const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  return under(basePath, mount) || under(mount, basePath);
}

async function serve(
  handler: (request: Request) => Promise<Response>,
  basePath: string | undefined,
  req: NodeRequest,
  res: NodeServerResponse,
  next: ((error?: unknown) => void) | undefined,
): Promise<void> {
  const rawPath = req.originalUrl ?? req.url ?? '/';
  const pathname = rawPath.split('?')[0] ?? '/';
  if (
    next &&
    basePath !== undefined &&
    pathname !== basePath &&
    !pathname.startsWith(`${basePath}/`)
  ) {
    next();
    return;
  }

  const forwardedProto = headerValue(req.headers['x-forwarded-proto'])?.split(',')[0]?.trim();
  const encrypted = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const protocol =
    forwardedProto === 'https' || forwardedProto === 'http'
      ? forwardedProto
      : encrypted
        ? 'https'
        : 'http';
  // HTTP/2 names the host in `:authority`; HTTP/1.1 in `Host`.
  const host =
    headerValue(req.headers[':authority']) ?? headerValue(req.headers.host) ?? 'localhost';
  // The path is read as a path only: `//evil.test/x` or `/\\evil.test/x` would otherwise be taken
  // as another host, the origin the CSRF and redirect checks trust by default.
  const path = `/${rawPath.replace(/^[/\\]+/, '')}`;
  let url: URL;
  try {
    url = new URL(path, new URL(`${protocol}://${host}`).origin);
  } catch {
    url = new URL(path, `${protocol}://localhost`);
  }

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue; // HTTP/2 pseudo-headers
    try {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else headers.set(name, value);
    } catch {
      // A header value the fetch API refuses is dropped, as a browser would never send it.
    }
  }

  const method = (req.method ?? 'GET').toUpperCase();
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  // A method the fetch API cannot carry (TRACE, TRACK, CONNECT) goes in as a body-less OPTIONS
  // with the real one beside it: the handler answers it as any method its routes do not take
  // (405 and Allow, or 404), where `new Request` would throw. Its unread body is drained by
  // Node once the answer is sent.
  const carried = fetchCarriesMethod(method);
  const init: RequestInit & { duplex?: 'half' } = {
    method: carried ? method : 'OPTIONS',
    headers,
    signal: controller.signal,
  };
  let dropUnread: () => void = () => undefined;
  if (carried && method !== 'GET' && method !== 'HEAD') {
    // A body parser consumed the stream (body-parser 2.x ends it; 1.x also marks `_body`): send
    // on what it read. `req.body` alone says nothing: body-parser 1.x sets `{}` on a request
    // it skips (another content type, no body), and the stream then still holds the real one.
    if (req.readableEnded || req._body === true) {
      const parsed = req.body;
      headers.delete('content-length');
      headers.delete('transfer-encoding');
      if (parsed instanceof Uint8Array) init.body = new Uint8Array(parsed);
      else if (typeof parsed === 'string') init.body = parsed;
      else if (parsed !== undefined) init.body = JSON.stringify(parsed);
    } else {
      const body = streamOf(req);
      init.body = body.stream;
      init.duplex = 'half';
      dropUnread = body.dropUnread;
    }
  }

  const request = new Request(url, init);
  if (!carried) setRequestMethod(request, method);
  setRemoteAddress(request, req.socket?.remoteAddress);
  const response = await handler(request);
  // A write refused before its body was read (413 by content-length, 415, 403) leaves the upload
  // paused on the socket; drained, the connection stays usable for the client's next request.
  dropUnread();

  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie?.() ?? [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);

  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!res.write(value)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
    if (res.destroyed) {
      await reader.cancel();
      return;
    }
  }
  res.end();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The request's bytes as a web stream, read only as fast as the handler pulls. When the handler
 * stops reading (a body over the limit), or answers without reading it, `dropUnread` drains and
 * drops the rest of the upload, so the answer still reaches the client and the connection can
 * carry its next request.
 */
function streamOf(req: NodeIncomingMessage): {
  stream: ReadableStream<Uint8Array>;
  dropUnread: () => void;
} {
  let closed = false;
  const ignore = () => undefined;
  req.on('error', ignore); // an aborted upload must not become an uncaught 'error' event
  let detach: () => void = () => undefined;
  const dropUnread = () => {
    if (closed) return;
    closed = true;
    detach();
    req.resume();
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Uint8Array | string) => {
          if (closed) return;
          controller.enqueue(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        };
        const onEnd = () => {
          if (closed) return;
          closed = true;
          controller.close();
        };
        const onError = (error: unknown) => {
          if (closed) return;
          closed = true;
          controller.error(error);
        };
        req.on('data', onData);
        req.once('end', onEnd);
        req.once('error', onError);
        req.once('aborted', () => onError(new Error('the client aborted the upload')));
        detach = () => {
          req.off('data', onData);
          req.off('end', onEnd);
          req.off('error', onError);
        };
      },
      pull() {
        req.resume();
      },
      cancel: dropUnread,
    },
    { highWaterMark: 4 },
  );
  return { stream, dropUnread };
}
