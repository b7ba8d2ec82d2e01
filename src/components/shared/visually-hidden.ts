import type { CSSProperties } from 'react';

/**
 * Hides text from the eye but not from screen readers (an inline style, so it works with
 * `unstyled` and without `styles.css`).
 */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
