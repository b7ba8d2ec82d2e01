// SubscriptionStatus in a real Chromium with the default stylesheet: the price and the date are
// parted by a dot where they share a line (they ran together, 8px apart), and by the line break
// alone where they do not (no line starts with a stray dot); the dot is never read out.
import '../../styles.css';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { createBillingHarness, renderWithBilling } from '../../../test/support/billing-harness.js';
import { expectWithinColumn, onPhone } from '../../../test/support/overflow.js';
import { SubscriptionStatus } from './SubscriptionStatus.js';

afterEach(() => cleanup());

function slot(name: string): HTMLElement {
  const found = document.querySelector(`[data-slot="subscription-status-${name}"]`);
  if (!(found instanceof HTMLElement)) throw new Error(`no subscription-status-${name}`);
  return found;
}

async function renderAt(width: number) {
  renderWithBilling(
    <div style={{ width }}>
      <SubscriptionStatus />
    </div>,
    { customer: 'cust_ada' },
  );
  await screen.findByText('$29.00 per month');
  const [details, price, date] = [slot('details'), slot('price'), slot('date')];
  return { details, price, date, box: (element: HTMLElement) => element.getBoundingClientRect() };
}

test('on one line, a dot parts the price and the date, and is not read out', async () => {
  const { price, date, box } = await renderAt(800);
  expect(box(date).top).toBe(box(price).top);
  // The dot is drawn before the date, with an empty alternative text (Chromium's own
  // accessibility tree leaves it out; Vitest's ARIA snapshot reads such content naively).
  expect(getComputedStyle(date, '::before').content).toBe('"·" / ""');
  // Room for it: 16px between the two, where they stood 8px apart with nothing between.
  expect(box(date).left - box(price).right).toBeGreaterThanOrEqual(16);
});

test('where the date takes a line of its own, no dot is left at either end of a line', async () => {
  const { details, price, date, box } = await renderAt(220);
  expect(box(date).top).toBeGreaterThanOrEqual(box(price).bottom);
  // The date starts at the box's edge: its dot, in the 16px before it, lies outside the box,
  // which clips it.
  expect(box(date).left).toBe(box(details).left);
  expect(getComputedStyle(details).overflowX).toBe('clip');
  // Nothing past the root's edge.
  const root = document.querySelector('[data-slot="subscription-status"]') as HTMLElement;
  expect(box(details).right).toBeLessThanOrEqual(box(root).right);
});

test('on a phone, a plan named in one long word stays inside the column', async () => {
  // An inline box, the status grew to the name's width: from 0 to 439px in a 360px column.
  const harness = createBillingHarness({ customer: 'cust_ada' });
  harness.sandbox.customize(({ products }) => {
    const pro = products.find((p) => p.id === 'prod_pro_monthly');
    if (!pro) throw new Error('seed changed: no prod_pro_monthly');
    pro.name = 'Donaudampfschifffahrtsgesellschaftskapitän';
  });
  await onPhone(async () => {
    renderWithBilling(<SubscriptionStatus />, { harness });
    await screen.findByText('Donaudampfschifffahrtsgesellschaftskapitän');
    expectWithinColumn('subscription-status');
  });
});
