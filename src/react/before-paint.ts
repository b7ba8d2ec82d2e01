// An effect that runs before the browser paints, and quietly on a server.
import { useEffect, useLayoutEffect } from 'react';

/**
 * `useLayoutEffect` in a browser, `useEffect` where there is no `document` (a server render,
 * where neither runs): React 18 warns about every layout effect a server render meets.
 */
export const useBeforePaint: typeof useLayoutEffect =
  typeof document === 'undefined' ? useEffect : useLayoutEffect;
