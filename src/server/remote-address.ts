// The socket address of a request that `toNodeHandler` built, kept beside the Request object
// rather than in a header, so that a visitor cannot set it: only code holding the very Request
// object can read or write it.
const addresses = new WeakMap<Request, string>();

/** Records the peer address of the socket a Request came in on (called by `toNodeHandler`). */
export function setRemoteAddress(request: Request, address: string | undefined): void {
  if (address) addresses.set(request, address);
}

/** The peer address of the socket, when the request came through `toNodeHandler`. */
export function remoteAddress(request: Request): string | undefined {
  return addresses.get(request);
}
