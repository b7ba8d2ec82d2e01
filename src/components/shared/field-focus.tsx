// Taking a buyer to the field a submit found wrong, so that a screen reader says what is wrong.
import { type ReactNode, useEffect, useState } from 'react';
import { visuallyHidden } from './visually-hidden.js';

/** What `useFieldFocus` gives a form. */
export type FieldFocus<Field extends string> = {
  /** Asks to take the focus to `field` after the render that marks it invalid. */
  request(field: Field): void;
  /**
   * For the form's polite live region: `errorOf(field)` of the field whose error is to be said
   * there, visually hidden, a new node per request (so the same words are said again); null
   * when there is none or the field is no longer in error.
   */
  announcement(errorOf: (field: Field) => string | undefined): ReactNode;
};

/**
 * The focus moves to a field only after the render that marks it invalid (`aria-invalid`, its
 * error as its description), so a screen reader reads the field with its error, and only while
 * `wait` is false (a field disabled while the form is busy cannot take the focus). A field that
 * already has the focus (Enter in it) is not read again by `focus()`: its error is said in the
 * form's live region instead (`announcement`), once per request.
 */
export function useFieldFocus<Field extends string>(
  find: (field: Field) => HTMLElement | null | undefined,
  wait = false,
): FieldFocus<Field> {
  // A new object per request, so a second submit with the same field is served too.
  const [request, setRequest] = useState<{ field: Field } | null>(null);
  const [spoken, setSpoken] = useState<{ field: Field; n: number } | null>(null);
  // Run for a new request (or once the form stops waiting), not when `find` changes: it only
  // reads the form's elements, and a new function each render would re-run it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!request || wait) return;
    const control = find(request.field);
    const root = control?.getRootNode() as Document | ShadowRoot | undefined;
    if (control && root?.activeElement === control) {
      setSpoken((last) => ({ field: request.field, n: (last?.n ?? 0) + 1 }));
    } else {
      setSpoken(null);
      control?.focus();
    }
    setRequest(null);
  }, [request, wait]);
  return {
    request: (field) => setRequest({ field }),
    announcement: (errorOf) => {
      const error = spoken ? errorOf(spoken.field) : undefined;
      return spoken && error ? (
        <span key={spoken.n} style={visuallyHidden}>
          {' '}
          {error}
        </span>
      ) : null;
    },
  };
}
