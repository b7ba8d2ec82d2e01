// The method of a request the fetch API cannot carry (TRACE, TRACK, CONNECT: `new Request`
// throws on them), kept beside the stand-in Request that `toNodeHandler` builds instead, so
// that the handler answers it by its own name, as it does any method its routes do not take.
const methods = new WeakMap<Request, string>();

/** Methods `new Request` refuses (the fetch standard's forbidden methods), in upper case. */
const forbiddenMethods = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Whether `new Request(url, { method })` takes this upper-case method, one Node's HTTP parsers
 * let through (a token: they refuse anything else).
 */
export function fetchCarriesMethod(method: string): boolean {
  return !forbiddenMethods.has(method);
}

/** Records the method the client really sent (called by `toNodeHandler`). */
export function setRequestMethod(request: Request, method: string): void {
  methods.set(request, method);
}

/** The method the client sent, in upper case: the recorded one, else the Request's own. */
export function requestMethod(request: Request): string {
  return methods.get(request) ?? request.method.toUpperCase();
}
