// Serves a `(Request) => Promise<Response>` handler over Node's http. `node:http` is imported
// lazily, so the sandbox module itself still loads in a browser.
import type { BaseAddress } from '../client/client.js';

/** A running server. */
export type Listening = {
  /** The base URL clients use: `http://127.0.0.1:<port>` plus the sandbox's base path. */
  url: BaseAddress;
  /**
   * The port the server is bound to: the one asked for, or the free port the system picked for
   * `listen(0)` (the port in `url`, without parsing it).
   */
  port: number;
  /** Stops accepting connections and closes open ones. */
  close(): Promise<void>;
};

/**
 * Serves `handle` on `host:port` (port 0 picks a free one). Each request gets an AbortSignal
 * that aborts when the client goes away, so a hung answer (a timeout fault) ends with it.
 */
export async function listenOn(
  handle: (request: Request) => Promise<Response>,
  port: number,
  host: string,
  basePath: string,
): Promise<Listening> {
  const needsNode =
    'billing-kit: sandbox.listen needs Node (node:http); in a browser, pass sandbox.fetch to the client instead';
  let http: typeof import('node:http');
  try {
    http = await import('node:http');
  } catch (cause) {
    throw new Error(needsNode, { cause });
  }
  // Bundlers for the browser may hand out an empty stand-in for node:http.
  if (typeof http.createServer !== 'function') throw new Error(needsNode);
  const server = http.createServer((req, res) => {
    const controller = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished)
        controller.abort(new DOMException('The client went away', 'AbortError'));
    });
    const chunks: Uint8Array[] = [];
    req.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
      }
      const hasBody = method !== 'GET' && method !== 'HEAD' && chunks.length > 0;
      const request = new Request(
        `http://${req.headers.host ?? `${host}:${port}`}${req.url ?? '/'}`,
        {
          method,
          headers,
          signal: controller.signal,
          ...(hasBody ? { body: Buffer.concat(chunks) } : {}),
        },
      );
      handle(request).then(
        async (response) => {
          const body = Buffer.from(await response.arrayBuffer());
          const out: Record<string, string> = {};
          response.headers.forEach((value, name) => {
            out[name] = value;
          });
          res.writeHead(response.status, out);
          res.end(method === 'HEAD' ? undefined : body);
        },
        () => {
          // The client went away (a timeout fault ends this way): nothing to answer.
          if (!res.headersSent) res.destroy();
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${bound}${basePath}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
