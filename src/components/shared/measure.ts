// A value read off an element's laid-out box, kept up to date as the box resizes.
import { useState } from 'react';
import { useBeforePaint } from '../../react/before-paint.js';

export { useBeforePaint };

/**
 * `read(element)` now and after every resize of the element or its first child; `initial`
 * until then (on the server, and before the element mounts). Read before paint, so the first
 * frame already uses the measured value. Returns a callback ref for the element and the value.
 */
export function useMeasure<T>(
  initial: T,
  read: (element: Element) => T,
): [(element: Element | null) => void, T] {
  const [element, setElement] = useState<Element | null>(null);
  const [value, setValue] = useState(initial);
  // Re-observed when the element changes, not when `read` does: it is a pure reading, and a
  // new function each render would re-observe on every render.
  useBeforePaint(() => {
    if (!element) return;
    const update = () => setValue(read(element));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, value];
}

/**
 * A box a wide table scrolls sideways in: its callback ref and, while the table is wider than
 * the box (and `active`), what makes the box a named stop for the keyboard, which scrolls it.
 */
export function useScrollBox(labelledBy: string, active = true) {
  const [ref, overflowing] = useMeasure(
    false,
    (element) => element.scrollWidth > element.clientWidth,
  );
  return overflowing && active
    ? { ref, role: 'group', 'aria-labelledby': labelledBy, tabIndex: 0 }
    : { ref };
}
