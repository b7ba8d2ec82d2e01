// A moment as callers pass it, and its Unix milliseconds.

/** A moment: a Date, Unix milliseconds or an ISO 8601 string. */
export type Moment = Date | number | string;

/** The Unix milliseconds of `value`; throws a TypeError naming `name` when it is no date. */
export function toTime(value: Moment, name: string): number {
  const time = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(time)) {
    throw new TypeError(
      `billing-kit: ${name} "${String(value)}" is not a valid date; pass a Date, an ISO 8601 string or Unix milliseconds`,
    );
  }
  return time;
}
