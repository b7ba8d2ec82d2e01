// The service's clock as its answers tell it: the standard `Date` header of each HTTP answer.
// The proxy learns it from the service and the browser from the proxy, so an estimate follows
// the clock that charges, not a device's (a wrong one, or the sandbox's fixed instant).

/**
 * How far another clock may be from ours and still count as the same: a `Date` header has
 * whole seconds, and an answer spends time on its way, so a smaller difference is noise.
 */
export const CLOCK_TOLERANCE_MS = 60_000;

/**
 * How far the clock that sent an HTTP-date (`Date` header) is ahead of `local` (Unix ms; behind
 * when negative): 0 within {@link CLOCK_TOLERANCE_MS}, null without a readable date.
 */
export function clockOffset(date: string | null, local: number): number | null {
  const at = date === null ? Number.NaN : Date.parse(date);
  if (Number.isNaN(at)) return null;
  const offset = at - local;
  return Math.abs(offset) > CLOCK_TOLERANCE_MS ? offset : 0;
}
