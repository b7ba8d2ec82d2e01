/** A moment given as a Date, Unix milliseconds or an ISO string, as the components' `now` props take it. */
export type Moment = Date | number | string;

/** The Unix milliseconds of a `Moment`. */
export function timeOf(value: Moment): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}
