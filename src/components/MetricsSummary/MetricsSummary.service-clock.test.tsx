// The default range ends at the service's time, not the page's: a default sandbox stands still
// at SANDBOX_EPOCH, with its seeded revenue before it, while the page's clock (not faked here)
// runs on. Its first request may go out before any answer told the service's clock; the range
// then follows the clock once, and shows the seeded revenue; later answers (a refetch an hour
// on, when the page's clock has run ahead of the fixed one) keep it. Where the clocks agree
// (production) it asks once.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import { serviceStats, statsRequests } from '../../../test/support/metrics.js';
import { billingKeys } from '../../react/keys.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { MetricsSummary } from './MetricsSummary.js';

const EPOCH = Date.parse(SANDBOX_EPOCH);
const DAY = 86_400_000;
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** The root's `data-state` after each change, from the first render on. */
function recordStates(): { states: string[]; stop: () => void } {
  const states: string[] = [];
  const read = () => {
    const state = document
      .querySelector('[data-slot="metrics-summary"]')
      ?.getAttribute('data-state');
    if (state && states.at(-1) !== state) states.push(state);
  };
  const observer = new MutationObserver(read);
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  return { states, stop: () => observer.disconnect() };
}

/** A few turns of the event loop: time for a request that would follow to go out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('MetricsSummary on a sandbox whose clock is not the page’s', () => {
  test('the default range ends at the sandbox’s time and shows its seeded revenue', async () => {
    expect(Math.abs(Date.now() - EPOCH)).toBeGreaterThan(DAY);
    const recording = recordStates();
    const { harness } = renderWithBilling(<MetricsSummary />, { admin: true });
    const region = screen.getByRole('region', { name: 'Store metrics' });
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'ready'));
    await settle();
    recording.stop();

    const sent = statsRequests(harness);
    // The first went out before any answer told the service's clock: the page's range. Then
    // the one for the service's range, and no other.
    expect(sent).toHaveLength(2);
    expect(Math.abs(Number(sent[0]?.endDate) - Date.now())).toBeLessThan(60_000);
    const last = sent[1];
    expect(Number(last?.endDate)).toBeGreaterThan(EPOCH - 60_000);
    expect(Number(last?.endDate)).toBeLessThanOrEqual(EPOCH + 60_000);
    expect(Number(last?.endDate) - Number(last?.startDate)).toBe(90 * DAY);

    const stats = await serviceStats(harness, last);
    expect(stats.totals.totalRevenue).toBeGreaterThan(0);
    const totals = region.querySelector('dl') as HTMLElement;
    const revenue = within(totals).getByText('Revenue', { selector: 'dt' });
    expect(revenue.nextElementSibling).toHaveTextContent(usd(stats.totals.totalRevenue));
    // No figures of the page's range were shown on the way.
    expect(recording.states).toEqual(['loading', 'ready']);
  });

  test('with the clocks agreeing (as in production): one request, no second range', async () => {
    const harness = createBillingHarness({ admin: true, now: () => Date.now() });
    const recording = recordStates();
    renderWithBilling(<MetricsSummary />, { harness });
    const region = screen.getByRole('region', { name: 'Store metrics' });
    await waitFor(() => expect(['ready', 'empty']).toContain(region.getAttribute('data-state')));
    await settle();
    recording.stop();
    expect(statsRequests(harness)).toHaveLength(1);
    expect(recording.states).toEqual(['loading', region.getAttribute('data-state')]);
    expect(Math.abs(Number(statsRequests(harness)[0]?.endDate) - Date.now())).toBeLessThan(60_000);
  });
});

describe('MetricsSummary left open on a sandbox whose clock stands still', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('the range follows the service’s clock once: later answers, minutes or hours on, keep it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { harness, queryClient } = renderWithBilling(<MetricsSummary />, { admin: true });
    const region = screen.getByRole('region', { name: 'Store metrics' });
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'ready'));
    await settle();
    const laidOut = statsRequests(harness);
    expect(laidOut).toHaveLength(2);
    const range = { startDate: laidOut[1]?.startDate, endDate: laidOut[1]?.endDate };
    const revenue = within(region.querySelector('dl') as HTMLElement).getByText('Revenue', {
      selector: 'dt',
    }).nextElementSibling?.textContent;

    // The page's clock runs on while the sandbox's stands still: each answer's offset is a little
    // smaller. A refetch (window focus, an invalidation) asks again for the same range.
    for (const minutes of [5, 30, 120]) {
      vi.setSystemTime(Date.now() + minutes * 60_000);
      harness.resetRequests();
      await act(() => queryClient.invalidateQueries({ queryKey: billingKeys.all }));
      await waitFor(() => expect(statsRequests(harness).length).toBeGreaterThan(0));
      await settle();
      const sent = statsRequests(harness).map((q) => ({
        startDate: q?.startDate,
        endDate: q?.endDate,
      }));
      expect(sent, `${minutes} min on`).toEqual([range]);
      expect(region).toHaveAttribute('data-state', 'ready');
      const shown = within(region.querySelector('dl') as HTMLElement).getByText('Revenue', {
        selector: 'dt',
      }).nextElementSibling?.textContent;
      expect(shown, `${minutes} min on`).toBe(revenue);
    }
  });
});
