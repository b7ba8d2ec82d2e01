// toNodeHandler over real sockets (port 0): Node's http server and Express, with the real
// handler and the real sandbox behind it.
import { once } from 'node:events';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect as connectHttp2, createServer as createHttp2Server } from 'node:http2';
import { type AddressInfo, connect as connectTcp } from 'node:net';
import express from 'express';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  errorsWithKey,
  inOneRateLimitWindow,
  keyLeaks,
  proxyHarness,
} from '../../test/support/proxy-harness.js';
import { proxyErrorSchema } from '../contract/proxy.js';
import { toNodeHandler } from './index.js';

afterAll(() => {
  expect(keyLeaks).toEqual([]);
  expect(errorsWithKey()).toEqual([]);
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((resolve) => s.close(resolve));
    }),
  );
});

/** Starts a server on a free port; answers its base URL. */
async function start(server: Server): Promise<string> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * POSTs a JSON checkout as Ada to the server at `base`; expects a 200 that echoes `requestId`
 * and the one checkout it made in the sandbox. Answers the response and its body.
 */
async function checkoutAsAda(
  h: ReturnType<typeof harness>,
  base: string,
  productId: string,
  requestId: string,
) {
  const response = await fetch(`${base}/api/billing/checkouts`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      cookie: h.session({ id: 'cust_ada' }),
    },
    body: JSON.stringify({ product_id: productId, request_id: requestId }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: string; request_id: string; success_url: string };
  expect(body.request_id).toBe(requestId);
  expect(h.sandbox.inspect().checkouts.map((c) => c.id)).toEqual([body.id]);
  return { response, body };
}

/** The harness with the proxy's default origin rule (the request's own), as Node sees it. */
function harness(options: Parameters<typeof proxyHarness>[0] = {}) {
  const h = proxyHarness({ allowedOrigins: undefined, ...options });
  // The scanner wraps the handler; keep the basePath toNodeHandler reads.
  const handler = Object.assign(h.handler, { basePath: h.raw.basePath });
  return { ...h, node: toNodeHandler(handler) };
}

describe('toNodeHandler with node:http', () => {
  it('serves reads and writes, with the headers and body of the handler', async () => {
    const h = harness();
    const base = await start(createServer(h.node));
    const products = await fetch(`${base}/api/billing/products`);
    expect(products.status).toBe(200);
    expect(products.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await products.json()) as { items: unknown[] }).items.length).toBeGreaterThan(3);

    const { response, body } = await checkoutAsAda(h, base, 'prod_pro_monthly', 'over-node-http');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(body.success_url).toBe(`${base}/`);
    const cookie = h.session({ id: 'cust_ada' });

    const csrf = await fetch(`${base}/api/billing/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.test', cookie },
      body: JSON.stringify({ product_id: 'prod_pro_monthly' }),
    });
    expect(csrf.status).toBe(403);
    const missing = await fetch(`${base}/api/billing/nope`);
    expect(missing.status).toBe(404);
    expect(proxyErrorSchema.parse(await missing.json()).kind).toBe('not_found');
  });

  it('answers 413 to a streamed upload past the limit, without reading it all', async () => {
    const h = harness({ bodyLimit: 1024 });
    const base = await start(createServer(h.node));
    const url = new URL(`${base}/api/billing/checkouts`);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: base,
            'transfer-encoding': 'chunked',
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      // 256 KB in 1 KB chunks, no content-length: only counting the stream can stop it.
      let sent = 0;
      const write = () => {
        while (sent < 256) {
          sent++;
          if (!req.write(`{"pad":"${'x'.repeat(1000)}"}`)) {
            req.once('drain', write);
            return;
          }
        }
        req.end();
      };
      write();
    });
    expect(answer.status).toBe(413);
    expect(proxyErrorSchema.parse(JSON.parse(answer.body)).fields?.[0]?.field).toBe('(body)');

    const declared = await fetch(`${base}/api/billing/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: 'x'.repeat(5000),
    });
    expect(declared.status).toBe(413);
  });

  it('keeps the connection usable after refusing a write before reading its body', async () => {
    const h = harness({ bodyLimit: 1024 });
    const base = await start(createServer(h.node));
    const { host, port } = new URL(base);
    const body = JSON.stringify({ pad: 'x'.repeat(4_000_000) });
    const post = (contentType: string, origin: string) =>
      `POST /api/billing/checkouts HTTP/1.1\r\nhost: ${host}\r\norigin: ${origin}\r\n` +
      `content-type: ${contentType}\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    // Four requests one after another on one socket: 413 from content-length, 415 from
    // content-type, 403 from the origin (none reads the body), then a read.
    const received = await overOneSocket(port, [
      post('application/json', base),
      post('text/plain', base),
      post('application/json', 'https://evil.test'),
      `GET /api/billing/products HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`,
    ]);
    expect([...received.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => m[1])).toEqual([
      '413',
      '415',
      '403',
      '200',
    ]);
  });

  it('rate-limits a signed-out visitor by socket address, whatever x-forwarded-for says', () =>
    inOneRateLimitWindow(async () => {
      const h = harness({ rateLimit: { limit: 2 } });
      const base = await start(createServer(h.node));
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${base}/api/billing/discounts/WELCOME5`, {
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
        statuses.push(answer.status);
        if (answer.status === 429)
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        await answer.arrayBuffer();
      }
      expect(statuses).toEqual([200, 200, 429, 429]);
    }));

  it('takes the protocol from X-Forwarded-Proto behind a TLS-terminating proxy', async () => {
    const h = harness();
    const base = await start(createServer(h.node));
    const host = new URL(base).host;
    const answer = await fetch(`${base}/api/billing/portal`, {
      method: 'POST',
      headers: {
        origin: `https://${host}`,
        'x-forwarded-proto': 'https',
        cookie: h.session({ id: 'cust_ada' }),
      },
    });
    expect(answer.status).toBe(200);
  });
  it('reads a request target that starts with // or /\\ as a path, never as another origin', async () => {
    const h = harness();
    const base = await start(createServer(h.node));
    const { port } = new URL(base);
    const cookie = h.session({ id: 'cust_ada' });
    for (const path of ['//evil.test/api/billing/portal', '/\\evil.test/api/billing/portal']) {
      // fetch would normalise the path, so the target goes over the socket as written.
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: { origin: 'http://evil.test', cookie },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
      expect([path, status]).toEqual([path, 404]);
    }
    expect(h.upstream.filter((u) => u.url.includes('portal'))).toEqual([]);
  });

  it('answers TRACE as any method a route does not take: 405 with Allow, never a 500', async () => {
    const h = harness();
    const base = await start(createServer(h.node));
    const { host, port } = new URL(base);
    // fetch refuses to send TRACE, and `new Request` to build one: over the socket as written,
    // three requests on one connection (the first with a body, which must not stall it).
    const answers = rawAnswers(
      await overOneSocket(port, [
        `TRACE /api/billing/products HTTP/1.1\r\nhost: ${host}\r\ncontent-length: 5\r\n\r\nhello`,
        `TRACE /api/billing/checkouts HTTP/1.1\r\nhost: ${host}\r\n\r\n`,
        `GET /api/billing/products HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`,
      ]),
    );
    expect(answers.map((a) => [a.status, a.headers.allow])).toEqual([
      [405, 'GET, HEAD'],
      [405, 'POST'],
      [200, undefined],
    ]);
    for (const answer of answers.slice(0, 2)) {
      const error = proxyErrorSchema.parse(JSON.parse(answer.body));
      expect(error.kind).toBe('invalid_request');
      expect(error.message).toEqual(['method TRACE is not allowed here']);
      expect(error.fields?.[0]?.field).toBe('method');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });
});

/**
 * Writes `requests` as written, one after another, on one connection to 127.0.0.1:`port` (the
 * last should say `connection: close`), and answers all the bytes received until it closes.
 */
async function overOneSocket(port: string, requests: string[]): Promise<string> {
  const socket = connectTcp(Number(port), '127.0.0.1');
  for (const request of requests) socket.write(request);
  let received = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    received += chunk;
  });
  await once(socket, 'close');
  return received;
}

/** The HTTP/1.1 answers in what a socket received: status, headers (lower-case), body. */
function rawAnswers(received: string) {
  const answers: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    rest = rest.slice(headEnd + 4);
    let body = '';
    if (headers['transfer-encoding'] === 'chunked') {
      for (;;) {
        const sizeEnd = rest.indexOf('\r\n');
        const size = Number.parseInt(rest.slice(0, sizeEnd), 16);
        body += rest.slice(sizeEnd + 2, sizeEnd + 2 + size);
        rest = rest.slice(sizeEnd + 2 + size + 2);
        if (size === 0) break;
      }
    } else {
      const length = Number(headers['content-length'] ?? 0);
      body = rest.slice(0, length);
      rest = rest.slice(length);
    }
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body });
  }
  return answers;
}

describe('toNodeHandler with node:http2', () => {
  it('takes the request origin from :authority, so a same-origin write passes', async () => {
    const h = harness();
    // The compatibility API's request and response stand in for http's, as Express's do.
    const server = createHttp2Server((req, res) =>
      h.node(req as unknown as IncomingMessage, res as unknown as ServerResponse),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const session = connectHttp2(base);
    try {
      const post = (origin: string) =>
        new Promise<number>((resolve, reject) => {
          const stream = session.request({
            ':method': 'POST',
            ':path': '/api/billing/portal',
            origin,
            cookie: h.session({ id: 'cust_ada' }),
          });
          stream.on('response', (headers) => {
            stream.resume();
            resolve(Number(headers[':status']));
          });
          stream.on('error', reject);
          stream.end();
        });
      expect(await post(base)).toBe(200);
      expect(await post('http://evil.test')).toBe(403);
    } finally {
      session.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers TRACK and CONNECT, which fetch cannot carry, as the handler does any method', async () => {
    const h = harness();
    const server = createHttp2Server((req, res) =>
      h.node(req as unknown as IncomingMessage, res as unknown as ServerResponse),
    );
    // HTTP/2 hands CONNECT (a tunnel to an authority, no path) to its own event.
    server.on('connect', (req, res) =>
      h.node(req as unknown as IncomingMessage, res as unknown as ServerResponse),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const session = connectHttp2(base);
    try {
      const send = (headers: Record<string, string>) =>
        new Promise<{ status: number; allow: unknown; body: string }>((resolve, reject) => {
          const stream = session.request(headers);
          let status = 0;
          let allow: unknown;
          let body = '';
          stream.setEncoding('utf8');
          stream.on('response', (answer) => {
            status = Number(answer[':status']);
            allow = answer.allow;
          });
          stream.on('data', (chunk: string) => {
            body += chunk;
          });
          stream.on('end', () => resolve({ status, allow, body }));
          stream.on('error', reject);
          stream.end();
        });
      // HTTP/2 passes the method as sent; HTTP/1.1 servers would refuse a lower-case one.
      const track = await send({ ':method': 'track', ':path': '/api/billing/products' });
      expect([track.status, track.allow]).toEqual([405, 'GET, HEAD']);
      expect(proxyErrorSchema.parse(JSON.parse(track.body)).message).toEqual([
        'method TRACK is not allowed here',
      ]);
      // A tunnel names no path of the proxy's: the 404 of any method there.
      const tunnel = await send({ ':method': 'CONNECT', ':authority': 'billing.test:443' });
      expect(tunnel.status).toBe(404);
      expect(proxyErrorSchema.parse(JSON.parse(tunnel.body)).kind).toBe('not_found');
    } finally {
      session.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('toNodeHandler behind Express 4 middleware (body-parser 1.x), without Express', () => {
  /**
   * What body-parser 1.x does with a request it does not parse (its content type differs, or
   * there is no body): `req.body = {}`, the stream left unread. Then an async middleware (a
   * session store) awaits, so the upload has arrived (`req.complete`) when the proxy runs.
   */
  async function unparsedThenAsync(req: IncomingMessage & { body?: unknown }): Promise<void> {
    req.body ??= {};
    while (!req.complete) await new Promise((resolve) => setTimeout(resolve, 1));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }

  /**
   * A server that hands the proxy each request as Express 4 does after body-parser skipped it
   * and an async middleware ran; answers its base URL and, per request, whether the stream had
   * ended by then.
   */
  async function behindExpress4(h: ReturnType<typeof harness>) {
    const completes: boolean[] = [];
    const base = await start(
      createServer((req, res) => {
        unparsedThenAsync(req).then(() => {
          completes.push(req.complete);
          h.node(req, res);
        });
      }),
    );
    return { base, completes };
  }

  it('reads the stream a parser left unread, even when it set req.body = {}', async () => {
    const h = harness();
    const { base, completes } = await behindExpress4(h);
    await checkoutAsAda(h, base, 'prod_pro_monthly', 'under-express-4');
    expect(completes).toEqual([true]);
  });

  it('reads a POST with no body as {} there, not as a 415', async () => {
    const h = harness();
    const { base, completes } = await behindExpress4(h);
    // The React client's portal button: a POST with no body and no content type.
    const portal = await fetch(`${base}/api/billing/portal`, {
      method: 'POST',
      headers: { origin: base, cookie: h.session({ id: 'cust_ada' }) },
    });
    expect(portal.status).toBe(200);
    expect(completes).toEqual([true]);
  });

  it('sends on the body a parser read (req._body), not the spent stream', async () => {
    const h = harness();
    const base = await start(
      createServer((req: IncomingMessage & { body?: unknown; _body?: boolean }, res) => {
        // body-parser 1.x's json(): reads the stream, marks it read, sets what it parsed.
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          req._body = true;
          req.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          h.node(req, res);
        });
      }),
    );
    await checkoutAsAda(h, base, 'prod_pro_yearly', 'parsed-by-1x');
  });
});

describe('toNodeHandler with Express', () => {
  it('reads a body express.json() already parsed, and passes other paths to next()', async () => {
    const h = harness();
    const app = express();
    app.use(express.json());
    app.use(toNodeHandler(Object.assign(h.handler, { basePath: h.raw.basePath })));
    app.get('/health', (_req, res) => {
      res.json({ ok: true });
    });
    const base = await start(createServer(app));

    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
    await checkoutAsAda(h, base, 'prod_pro_yearly', 'over-express-1');
    const cookie = h.session({ id: 'cust_ada' });
    const subscriptions = await fetch(`${base}/api/billing/subscriptions`, { headers: { cookie } });
    expect(subscriptions.status).toBe(200);
  });

  it('says once, naming both paths, when mounted where the base path cannot arrive', async () => {
    const h = harness();
    const app = express();
    app.use('/billing', toNodeHandler(Object.assign(h.handler, { basePath: h.raw.basePath })));
    app.use('/api', toNodeHandler(Object.assign(h.handler, { basePath: h.raw.basePath })));
    const base = await start(createServer(app));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (message: string) => warnings.push(message);
    try {
      for (let i = 0; i < 2; i++) {
        expect((await fetch(`${base}/billing/products`)).status).toBe(404);
      }
      // Under "/api" the base path can arrive: it answers, and nothing is said.
      expect((await fetch(`${base}/api/billing/products`)).status).toBe(200);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([
      'billing-kit: toNodeHandler is mounted at "/billing", but the handler\'s basePath is "/api/billing", so no request reaches it. Mount it at "/api/billing" (or with app.use(handler) alone), or pass basePath: "/billing" to createBillingHandler.',
    ]);
  });

  it('works mounted under the base path, and refuses a form post another parser read', async () => {
    const h = harness();
    const app = express();
    app.use(express.urlencoded({ extended: false }));
    app.use('/api/billing', toNodeHandler(Object.assign(h.handler, { basePath: h.raw.basePath })));
    const base = await start(createServer(app));
    const products = await fetch(`${base}/api/billing/products`);
    expect(products.status).toBe(200);
    const form = await fetch(`${base}/api/billing/checkouts`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: base,
        cookie: h.session({ id: 'cust_ada' }),
      },
      body: 'product_id=prod_pro_monthly',
    });
    expect(form.status).toBe(415);
    expect(proxyErrorSchema.parse(await form.json()).fields?.[0]?.field).toBe('content-type');
    expect(h.sandbox.inspect().checkouts).toHaveLength(0);

    // TRACE reaches the proxy through Express too: its 405, not an error passed to next().
    const { host, port } = new URL(base);
    const received = await overOneSocket(port, [
      `TRACE /api/billing/portal HTTP/1.1\r\nhost: ${host}\r\nconnection: close\r\n\r\n`,
    ]);
    expect(rawAnswers(received).map((a) => [a.status, a.headers.allow])).toEqual([[405, 'POST']]);
  });
});
