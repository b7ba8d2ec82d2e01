// CreditsHistory rendered on a server, in Node (no `document`), as an app's server does it. Its
// own test file runs in jsdom, where a document exists and the browser's effects are chosen.
import { createElement } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  createBillingHarness,
  seededCreditAccount,
} from '../../../test/support/billing-harness.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import {
  creditsAccountsOptions,
  creditsBalanceOptions,
  creditsHistoryOptions,
} from '../../react/options.js';
import { CreditsHistory } from './CreditsHistory.js';

// React 18 prints a warning for every layout effect a server render meets; React 19 says
// nothing. So this file counts them itself, on either version: React's own hook, counted.
const layoutEffects = vi.hoisted(() => ({ count: 0 }));
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof import('react')>();
  return {
    ...react,
    useLayoutEffect: (...args: Parameters<typeof react.useLayoutEffect>) => {
      layoutEffects.count += 1;
      return react.useLayoutEffect(...args);
    },
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('CreditsHistory on a server', () => {
  test('with the history prefetched: rows, no layout effect, nothing on the console', async () => {
    expect(typeof document).toBe('undefined');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const harness = createBillingHarness();
    const accountId = seededCreditAccount('cust_ada');
    layoutEffects.count = 0;
    const html = await renderToStringWithBilling(createElement(CreditsHistory), {
      harness,
      prefetch: (qc, client) =>
        Promise.all([
          qc.prefetchQuery(creditsAccountsOptions(client)),
          qc.prefetchQuery(creditsBalanceOptions(client, { accountId })),
          qc.prefetchInfiniteQuery(creditsHistoryOptions(client, { accountId, limit: 50 })),
        ]),
    });
    // The list itself rendered (the part that holds the layout effect), not a skeleton.
    expect(html.match(/data-slot="credits-history-row"/g)?.length).toBeGreaterThan(0);
    expect(layoutEffects.count).toBe(0);
    expect(errors).not.toHaveBeenCalled();
  });
});
