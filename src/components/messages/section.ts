/**
 * The strings of one component (or of `common`), in every shipped language. German is used
 * for `de` and every `de-*` locale, English for any other.
 */
export type MessageSection<Key extends string> = {
  en: Record<Key, string>;
  de: Record<Key, string>;
};
