// The one way components read strings: `const t = useMessages(); t('pricingTable.save', { percent: 20 })`.
import { useMemo } from 'react';
import { useBillingUI } from '../../react/ui-context.js';
import { de } from './de.js';
import { en, type MessageKey, type Messages } from './en.js';
import type { MessageSection } from './section.js';

export { de, en, type MessageKey, type MessageSection, type Messages };

/** Values for a message's `{name}` placeholders. Numbers are formatted for the locale. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** Looks a message up by key and fills in its placeholders. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The catalogue for a locale with overrides applied: German for `de` and every `de-*` locale,
 * English for any other. Overrides that are `undefined` are ignored.
 *
 * @param locale BCP 47 locale such as "de-AT". Default: "en-US".
 * @param overrides messages to use instead of the catalogue's, by key. Default: none.
 */
export function getMessages(locale = 'en-US', overrides?: Partial<Messages>): Messages {
  const base = isGerman(locale) ? de : en;
  if (!overrides) return base;
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') merged[key as MessageKey] = value;
  }
  return merged;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, locale: string | undefined): string {
  if (!locale) return String(value);
  let nf = numberFormats.get(locale);
  if (!nf) {
    nf = new Intl.NumberFormat(locale);
    numberFormats.set(locale, nf);
  }
  return nf.format(value);
}

/**
 * Fills a message's `{name}` placeholders from `values`: `format('Save {percent}%',
 * { percent: 20 })` is "Save 20%". Strings go in as they are; numbers are formatted with
 * `Intl.NumberFormat` when a locale is given (1200 → "1,200" in en-US, "1.200" in de-DE). A
 * placeholder without a value stays in the text as `{name}`, so the gap shows.
 *
 * @param locale BCP 47 locale for numbers. Default: undefined (numbers as `String(n)`).
 */
export function format(message: string, values?: MessageValues, locale?: string): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    if (!Object.hasOwn(values, name)) return placeholder;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value, locale) : String(value);
  });
}

/** The names of a message's placeholders, in order: `'{used}/{limit}'` → `['used', 'limit']`. */
export function placeholders(message: string): string[] {
  return Array.from(message.matchAll(/\{(\w+)\}/g), (match) => match[1] ?? '');
}

/** Whether a locale is one the German catalogue serves (`de`, `de-AT`, …). */
function isGerman(locale: string): boolean {
  return /^de(?:[-_]|$)/i.test(locale);
}

/**
 * `t(key, values)` for the UI context's locale and message overrides: the one function through
 * which a component reads every visible string. A component names the sections it shows
 * (`useMessages(commonMessages, pricingTableMessages)`), so that used alone it carries only its
 * own strings; an override from the provider's `messages` wins over the section's text.
 *
 * @param sections the message sections of the strings the component shows.
 */
export function useMessages(
  ...sections: [MessageSection<string>, ...MessageSection<string>[]]
): Translate {
  const { locale, messages } = useBillingUI();
  // Sections are module constants: the same ones on every render of a component.
  // biome-ignore lint/correctness/useExhaustiveDependencies: sections never change for a caller
  return useMemo(() => {
    const catalogue: Record<string, string> = {};
    for (const section of sections)
      Object.assign(catalogue, isGerman(locale) ? section.de : section.en);
    if (messages) {
      for (const [key, value] of Object.entries(messages)) {
        if (typeof value === 'string') catalogue[key] = value;
      }
    }
    return (key: MessageKey, values?: MessageValues) =>
      format(catalogue[key] ?? key, values, locale);
  }, [locale, messages]);
}
