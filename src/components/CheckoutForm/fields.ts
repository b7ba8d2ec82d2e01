// A product's custom fields for the storefront form, without React: definitions in either of
// the service's forms made into one, the buyer's answers checked by the service's rules, and
// the answers turned into checkout metadata.
// Types only from the contract's schemas module: a value import would bring zod into every
// bundle that holds the form. The constants below are tied to the contract's by their types.

import { customFieldRuleProblems } from '../../contract/custom-field-rules.js';
import type { CustomFieldInput } from '../../contract/requests.js';
import type { CustomField, customFieldTypes, MAX_CUSTOM_FIELDS } from '../../contract/schemas.js';

/** The field types the form can ask (the contract's `customFieldTypes`). */
const FIELD_TYPES: typeof customFieldTypes = ['text', 'checkbox'];
/** At most this many fields per checkout (the contract's `MAX_CUSTOM_FIELDS`). */
const MAX_FIELDS: typeof MAX_CUSTOM_FIELDS = 3;

/** Checkout metadata: free key-value pairs (the service shows strings and numbers). */
export type CheckoutMetadata = Record<string, string | number | boolean | null>;

/** A custom field definition as the service answers it (a product's) or as a request sends it. */
export type CustomFieldDefinition = CustomField | CustomFieldInput;

/** One field, normalised: the request form to send, plus what the form needs to ask it. */
export type FormField = {
  type: 'text' | 'checkbox';
  key: string;
  label: string;
  optional: boolean;
  /** Fewest characters of a text answer (after trimming). */
  minLength?: number;
  /** Most characters of a text answer. */
  maxLength?: number;
  /** The checkbox's own label, which may hold link markup. */
  checkboxLabel?: string;
  /** The prefilled answer the service sent, if any. */
  value?: string | boolean;
  /** The definition in the request form (`text.min_length`), for `collect="checkout"`. */
  input: CustomFieldInput;
};

/** A buyer's answers by field key: text, or whether the box is ticked. */
export type FieldAnswers = Record<string, string | boolean>;

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The fields in one form. A field of a type the service added later (neither `text` nor
 * `checkbox`) cannot be asked and is left out; so is any beyond the service's limit of three.
 */
export function normaliseFields(definitions: readonly CustomFieldDefinition[]): FormField[] {
  const fields: FormField[] = [];
  for (const definition of definitions) {
    if (!(FIELD_TYPES as readonly string[]).includes(definition.type)) continue;
    const type = definition.type as FormField['type'];
    const text = definition.text as
      | { min_length?: unknown; minimum_length?: unknown; max_length?: unknown; value?: unknown }
      | null
      | undefined;
    const checkbox = definition.checkbox as
      | { label?: string | null; value?: unknown }
      | null
      | undefined;
    const field: FormField = {
      type,
      key: definition.key,
      label: definition.label,
      optional: definition.optional === true,
      input: { type, key: definition.key, label: definition.label },
    };
    if (definition.optional !== undefined && definition.optional !== null) {
      field.input.optional = definition.optional;
    }
    if (type === 'text') {
      const min = count(text?.min_length) ?? count(text?.minimum_length);
      const max = count(text?.max_length);
      field.input.text = {};
      if (min !== undefined) {
        field.minLength = min;
        field.input.text.min_length = min;
      }
      if (max !== undefined) {
        field.maxLength = max;
        field.input.text.max_length = max;
      }
      if (typeof text?.value === 'string') field.value = text.value;
    } else {
      if (checkbox?.label) field.checkboxLabel = checkbox.label;
      field.input.checkbox = checkbox?.label ? { label: checkbox.label } : {};
      if (typeof checkbox?.value === 'boolean') field.value = checkbox.value;
    }
    fields.push(field);
    if (fields.length === MAX_FIELDS) break;
  }
  return fields;
}

/**
 * Checks the definitions a caller passed as `customFields` by the service's rules (those the
 * sandbox applies to a checkout's `custom_fields`), and throws an error naming the prop and
 * what to fix: sent as they are, bad definitions would be refused at every checkout, or make a
 * field no answer can satisfy. A product's own definitions come from the service and are not
 * checked here.
 */
export function assertCustomFieldsProp(definitions: readonly CustomFieldDefinition[]): void {
  const problems = customFieldRuleProblems(definitions);
  if (problems.length === 0) return;
  const named = problems.map(
    ({ index, path, message }) =>
      `\`customFields${index < 0 ? '' : `[${index}]`}${path ? `.${path}` : ''}\` ${message}`,
  );
  throw new TypeError(
    `billing-kit: \`CheckoutForm\` ${named.join('; ')}. Fix the definition by the service's rules, or leave \`customFields\` out to ask the product's own fields.`,
  );
}

/** What is wrong with one answer, as a message key and its values; null when it is fine. */
export type AnswerProblem =
  | { key: 'checkoutForm.required' }
  | { key: 'checkoutForm.mustAccept' }
  | { key: 'checkoutForm.tooShort'; values: { min: number } }
  | { key: 'checkoutForm.tooLong' | 'checkoutForm.tooLong.one'; values: { max: number } };

/**
 * Checks an answer by the service's rules (those its checkout page applies): a required text
 * answer must not be blank, and any text answer given must have between `min_length` and
 * `max_length` characters once trimmed; a required checkbox must be ticked. An optional field
 * left blank is fine.
 */
export function checkAnswer(
  field: FormField,
  answer: string | boolean | undefined,
): AnswerProblem | null {
  if (field.type === 'checkbox') {
    return !field.optional && answer !== true ? { key: 'checkoutForm.mustAccept' } : null;
  }
  const text = typeof answer === 'string' ? answer.trim() : '';
  if (text === '') return field.optional ? null : { key: 'checkoutForm.required' };
  if (field.minLength !== undefined && text.length < field.minLength) {
    return { key: 'checkoutForm.tooShort', values: { min: field.minLength } };
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    // The catalogue's languages say one character in the singular ("at most 1 character").
    const key = field.maxLength === 1 ? 'checkoutForm.tooLong.one' : 'checkoutForm.tooLong';
    return { key, values: { max: field.maxLength } };
  }
  return null;
}

/**
 * The answers as checkout metadata, one key per field key: text trimmed (left out when an
 * optional field is blank), a checkbox as the string `"true"` or `"false"` (metadata values
 * the service shows are strings and numbers, so a boolean is sent as text).
 */
export function answersToMetadata(
  fields: readonly FormField[],
  answers: FieldAnswers,
): CheckoutMetadata {
  const metadata: CheckoutMetadata = {};
  for (const field of fields) {
    const answer = answers[field.key];
    if (field.type === 'checkbox') {
      metadata[field.key] = answer === true ? 'true' : 'false';
    } else {
      const text = typeof answer === 'string' ? answer.trim() : '';
      if (text !== '') metadata[field.key] = text;
    }
  }
  return metadata;
}
