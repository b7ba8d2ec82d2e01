// Journey 1: a new buyer, in Chromium on the demo storefront, picks a plan, answers the custom
// fields, applies a discount, pays on the sandbox's page, comes back, sees the subscription,
// upgrades it, sees the proration in the billing history and reads the credits; every figure
// on screen is checked against what the sandbox holds (see buyer-journey.ts).
import { describe, it } from 'vitest';
import { walkBuyerJourney } from './buyer-journey.js';
import { journeyForSuite, newPage } from './support.js';

describe('the buyer journey on the demo storefront', { timeout: 120_000 }, () => {
  const current = journeyForSuite();

  it('buys a plan with custom fields and a discount, upgrades it and reads credits and history', async () => {
    const journey = current();
    const page = await newPage(journey);
    await walkBuyerJourney(journey, page, 'new.buyer@example.com');
    await page.context().close();
  });
});
