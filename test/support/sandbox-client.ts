// A sandbox and the real service client over it, for tests of the sandbox's operations.
import { createBillingClient } from '../../src/client/index.js';
import { createSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

/**
 * A new sandbox, the client over it (no retries: a refused call fails at once), and `raw` for
 * what the client would refuse before sending (a body as JSON, or text sent as it is).
 */
export function sandboxClient(options: SandboxOptions = {}) {
  const sandbox = createSandbox(options);
  const client = createBillingClient({
    apiKey: sandbox.apiKey,
    baseUrl: sandbox.baseUrl,
    fetch: sandbox.fetch,
    retries: 0,
  });
  async function raw(method: string, path: string, body?: unknown) {
    const response = await sandbox.fetch(path, {
      method,
      headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return {
      status: response.status,
      headers: response.headers,
      json: (await response.json()) as Record<string, unknown>,
    };
  }
  return { sandbox, client, raw };
}
