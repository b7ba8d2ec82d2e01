// What a JSON body is declared as: the service and the proxy read a body only as JSON, and both
// judge the header by this one rule.

/** Whether a `content-type` header names JSON: `application/json`, any parameters, any case. */
export function isJsonMediaType(header: string | null): boolean {
  return header?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}
