// One wording for validation failures, shared by the client, the sandbox and the proxy: each
// failing field is named by its dotted path (`custom_fields.0.key`) with what to fix.
import type * as z from 'zod/mini';

/**
 * The options every contract parse passes: zod leaves the failing value out of its issues
 * unless asked, and without it a wrong value could not be told from a missing one.
 */
export const parseOptions = { reportInput: true } as const;

/** A failing field: its dotted path and what is wrong with it. */
export type FieldIssue = { field: string; message: string };

/** The dotted path of an issue: `['items', 0, 'status']` → `items.0.status`. */
export function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function describe(issue: z.core.$ZodIssue): string {
  // A message the schema set itself (not zod/mini's generic "Invalid input") says it best.
  if (issue.message && issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${article(issue.expected)}`;
    // (`input` is there when parsed with `parseOptions`.)
    case 'too_small':
      return issue.origin === 'string'
        ? issue.minimum === 1
          ? 'must not be empty'
          : `must be at least ${issue.minimum} characters`
        : issue.origin === 'array'
          ? `must have at least ${issue.minimum} items`
          : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'string'
        ? `must be at most ${issue.maximum} characters`
        : issue.origin === 'array'
          ? `must have at most ${issue.maximum} items`
          : `must be at most ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'has an invalid format' : `must be a valid ${issue.format}`;
    case 'invalid_union':
      return issue.input === undefined ? 'is required' : 'has an unexpected shape';
    case 'unrecognized_keys':
      // One issue per key by now (see leaves); only the proxy's route inputs are strict, down
      // to the parts of a checkout's custom field definitions (`custom_fields.0.optinal`).
      return issue.path.length > 1
        ? 'is not a known field; remove it, or check its spelling'
        : 'is not an input of this route; remove it, or check its spelling';
    default:
      return 'is invalid';
  }
}

function article(type: string): string {
  if (type === 'int') return 'an integer';
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/**
 * The issues of a zod error, one per field: unknown keys each on its own path, and a union's
 * replaced by those of the one option the input got past the type check of (failed on its
 * fields): an expanded `product` (`Product | string`) without its price gives `product.price`.
 */
export function leafIssues(error: { issues: readonly z.core.$ZodIssue[] }): z.core.$ZodIssue[] {
  return error.issues.flatMap(leaves);
}

function leaves(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  const { path } = issue;
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ ...issue, path: [...path, key] }));
  }
  const near =
    issue.code === 'invalid_union' ? issue.errors.filter((o) => o.some((i) => i.path.length)) : [];
  return near.length === 1 && near[0]
    ? near[0].flatMap((i) => leaves({ ...i, path: [...path, ...i.path] }))
    : [issue];
}

/** Every failing field of a zod error, in order, each with a plain message. */
export function fieldIssues(error: { issues: readonly z.core.$ZodIssue[] }): FieldIssue[] {
  return leafIssues(error).map((issue) => ({
    field: issuePath(issue.path) || '(body)',
    message: describe(issue),
  }));
}

/** `field message` lines, as the service's 400 body lists them. */
export function issueMessages(error: { issues: readonly z.core.$ZodIssue[] }): string[] {
  return fieldIssues(error).map(({ field, message }) => `${field} ${message}`);
}
