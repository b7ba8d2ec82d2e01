// The service's rules on custom field definitions (those a checkout's `custom_fields` must
// keep), without zod, so that a browser bundle can check a definition before it is sent.
// Internal to the contract: not re-exported from its index. The constants are tied to the
// schemas module's by their types (a value import would bring zod along).
import type {
  customFieldTypes,
  MAX_CUSTOM_FIELD_KEY,
  MAX_CUSTOM_FIELD_LABEL,
  MAX_CUSTOM_FIELDS,
} from './schemas.js';

const FIELD_TYPES: typeof customFieldTypes = ['text', 'checkbox'];
const MAX_FIELDS: typeof MAX_CUSTOM_FIELDS = 3;
const MAX_KEY: typeof MAX_CUSTOM_FIELD_KEY = 200;
const MAX_LABEL: typeof MAX_CUSTOM_FIELD_LABEL = 200;

/** A custom field key as the service accepts it: letters and digits only. */
export const CUSTOM_FIELD_KEY_PATTERN = /^[A-Za-z0-9]+$/;

/**
 * One broken rule: the field's index (`-1` for the list itself), the dotted path inside the
 * definition (`key`, `text.min_length`; `''` for the list or the whole field) and what is wrong.
 */
export type CustomFieldRuleProblem = { index: number; path: string; message: string };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const given = (value: unknown) => value !== undefined && value !== null;
const shown = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value) : String(value);

/**
 * What breaks the service's rules in a list of custom field definitions, in either of the
 * service's forms (request `text.min_length`, response `text.minimum_length`): at most three
 * fields of type `text` or `checkbox`; keys of 1 to 200 letters and digits, each used once;
 * labels of 1 to 200 characters; `optional` true or false; a text field's `max_length` a whole
 * number from 1 and its least length a whole number from 0, no greater than `max_length`; no
 * `text` on a checkbox nor `checkbox` on a text field. An empty list when all is well.
 */
export function customFieldRuleProblems(definitions: readonly unknown[]): CustomFieldRuleProblem[] {
  const problems: CustomFieldRuleProblem[] = [];
  if (definitions.length > MAX_FIELDS) {
    problems.push({
      index: -1,
      path: '',
      message: `holds ${definitions.length} fields; the service takes at most ${MAX_FIELDS}`,
    });
  }
  const seen = new Map<string, number>();
  definitions.forEach((definition, index) => {
    const problem = (path: string, message: string) => problems.push({ index, path, message });
    if (!isObject(definition)) {
      problem('', 'must be an object with `type`, `key` and `label`');
      return;
    }
    const { type, key, label, optional, text, checkbox } = definition;
    if (!(FIELD_TYPES as readonly unknown[]).includes(type)) {
      problem('type', `must be "text" or "checkbox"; got ${shown(type)}`);
    }
    if (
      typeof key !== 'string' ||
      key.length < 1 ||
      key.length > MAX_KEY ||
      !CUSTOM_FIELD_KEY_PATTERN.test(key)
    ) {
      problem(
        'key',
        `must be 1 to ${MAX_KEY} letters and digits, without spaces or punctuation; got ${typeof key === 'string' && key.length > MAX_KEY ? `${key.length} characters` : shown(key)}`,
      );
    } else {
      const first = seen.get(key);
      if (first !== undefined) {
        problem('key', `${shown(key)} is already the key of field [${first}]; give each its own`);
      } else {
        seen.set(key, index);
      }
    }
    if (typeof label !== 'string' || label.length < 1 || label.length > MAX_LABEL) {
      problem(
        'label',
        `must be 1 to ${MAX_LABEL} characters; got ${typeof label === 'string' ? `${label.length} characters` : shown(label)}`,
      );
    }
    if (given(optional) && typeof optional !== 'boolean') {
      problem('optional', `must be true or false; got ${shown(optional)}`);
    }
    if (type === 'checkbox' && given(text)) {
      problem('text', 'applies only to a text field; leave it out of a checkbox');
    }
    if (type === 'text' && given(checkbox)) {
      problem('checkbox', 'applies only to a checkbox field; leave it out of a text field');
    }
    if (type === 'text' && given(text)) {
      if (!isObject(text)) {
        problem('text', 'must be an object with `min_length` and `max_length`');
      } else {
        const minName = given(text.min_length) ? 'min_length' : 'minimum_length';
        const min = text[minName];
        const max = text.max_length;
        const minOk = !given(min) || (Number.isSafeInteger(min) && (min as number) >= 0);
        const maxOk = !given(max) || (Number.isSafeInteger(max) && (max as number) >= 1);
        if (!minOk) problem(`text.${minName}`, `must be a whole number from 0; got ${shown(min)}`);
        if (!maxOk) problem('text.max_length', `must be a whole number from 1; got ${shown(max)}`);
        if (minOk && maxOk && given(min) && given(max) && (min as number) > (max as number)) {
          problem(
            `text.${minName}`,
            `(${min}) must not be greater than text.max_length (${max}), or no answer can be given`,
          );
        }
      }
    }
    if (type === 'checkbox' && given(checkbox)) {
      if (!isObject(checkbox) || (given(checkbox.label) && typeof checkbox.label !== 'string')) {
        problem('checkbox', 'must be an object whose `label` is a string');
      }
    }
  });
  return problems;
}
