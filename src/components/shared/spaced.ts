import type { ReactNode } from 'react';

/**
 * Inline parts with a space between each two (empty ones, `null`, `false` and `undefined`, left
 * out), so that their text does not run together in `textContent`, in accessible names and
 * without styles ("Starter $9.00 per month Downgrade", not "Starter$9.00 per monthDowngrade").
 * Use it where the parts sit in a flex or grid container in `styles.css`: there, whitespace
 * between items is not drawn, so the look does not change.
 */
export function spaced(...parts: ReactNode[]): ReactNode[] {
  const out: ReactNode[] = [];
  for (const node of parts) {
    if (node == null || node === false) continue;
    if (out.length > 0) out.push(' ');
    out.push(node);
  }
  return out;
}
