/**
 * The strings of one component (or of `common`), in every shipped language. German is used
 * for `de` and every `de-*` locale, English for any other.
 */
export type MessageSection<Key extends string> = {
  en: Record<Key, string>;
  de: Record<Key, string>;
};

/**
 * A section from its strings written side by side, keyed without the section's prefix:
 * `messageSection('upgradePicker', { label: ['Change plan', 'Tarif wechseln'] })` is the
 * section whose `en` is `{ 'upgradePicker.label': 'Change plan' }` and whose `de` is
 * `{ 'upgradePicker.label': 'Tarif wechseln' }`. Each key is written once, and a key can not
 * lack its German.
 */
export function messageSection<const Prefix extends string, Key extends string>(
  prefix: Prefix,
  strings: Record<Key, readonly [en: string, de: string]>,
): MessageSection<`${Prefix}.${Key}`> {
  const section = { en: {}, de: {} } as MessageSection<`${Prefix}.${Key}`>;
  for (const [key, [en, de]] of Object.entries<readonly [string, string]>(strings)) {
    section.en[`${prefix}.${key as Key}`] = en;
    section.de[`${prefix}.${key as Key}`] = de;
  }
  return section;
}
