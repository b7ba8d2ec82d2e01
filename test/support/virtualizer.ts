// jsdom has no layout: a CreditsHistory list told it is 560 px tall (ten 56 px rows) and never
// resized, so the virtualiser renders what a real viewport of that size would.
import type { CreditsHistoryVirtualizer } from '../../src/components/CreditsHistory/CreditsHistory.js';

const VIEWPORT = { width: 640, height: 560 };

/** `<CreditsHistory virtualizer={measured}>`: a 640 × 560 viewport, ten rows tall. */
export const measured: CreditsHistoryVirtualizer = {
  initialRect: VIEWPORT,
  observeElementRect: (_instance, report) => {
    report(VIEWPORT);
    return () => {};
  },
};
