// Layout in a real Chromium with the default stylesheet, in a right-to-left page (Arabic,
// Hebrew) as well as a left-to-right one.
import '../../styles.css';
import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderWithBilling } from '../../../test/support/billing-harness.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { MetricsSummary } from '../MetricsSummary/MetricsSummary.js';

afterEach(() => cleanup());

const NOW = Date.parse(SANDBOX_EPOCH);

/** A box's left and right edges, rounded to the pixel, for a readable failure. */
function edges(element: Element): string {
  const box = element.getBoundingClientRect();
  return `${Math.round(box.left)}–${Math.round(box.right)}`;
}

describe('MetricsSummary chart', () => {
  // [the page's direction, the provider's locale]
  test.each([
    ['ltr', 'en-US'],
    ['rtl', 'ar-EG'],
    ['rtl', 'he-IL'],
  ])(
    'a %s page (%s) has the amounts of the y axis beside the plot, not in it',
    async (dir, locale) => {
      renderWithBilling(
        <div dir={dir} style={{ width: 640 }}>
          <MetricsSummary now={NOW} />
        </div>,
        { admin: true, provider: { locale } },
      );
      await waitFor(() =>
        expect(document.querySelector('[data-slot="metrics-summary"]')).toHaveAttribute(
          'data-state',
          'ready',
        ),
      );
      const chart = document.querySelector('[data-slot="metrics-summary-chart"]') as SVGSVGElement;
      const axis = chart.querySelector(
        '[data-slot="metrics-summary-chart-axis"][data-state="y"]',
      ) as SVGGElement;
      // The grid lines span the plot; each amount ends before it, and starts inside the chart.
      const plotStart = Math.min(
        ...Array.from(axis.querySelectorAll('line'), (line) => line.getBoundingClientRect().left),
      );
      const chartStart = chart.getBoundingClientRect().left;
      const labels = Array.from(axis.querySelectorAll('text'));
      expect(labels.length).toBeGreaterThan(1);
      const misplaced = labels
        .filter((label) => {
          const box = label.getBoundingClientRect();
          return box.right > plotStart || box.left < chartStart;
        })
        .map((label) => `${label.textContent} at ${edges(label)}`);
      expect(misplaced, `plot starts at ${Math.round(plotStart)}`).toEqual([]);
    },
  );
});
