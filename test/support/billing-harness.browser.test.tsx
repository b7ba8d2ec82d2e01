// The harness in a real browser (as Storybook runs it): the sandbox and the proxy in the page,
// `Origin` on state-changing requests although a browser drops it from a constructed Request.
import { act, screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useCheckout, useProducts } from '../../src/react/index.js';
import { renderHookWithBilling, renderWithBilling } from './billing-harness.js';

function Plans() {
  const { data } = useProducts();
  return <p>{data ? `${data.length} plans` : 'loading plans'}</p>;
}

test('renders data from the sandbox through the proxy in the page', async () => {
  const { harness } = renderWithBilling(<Plans />);
  expect(await screen.findByText(/^\d+ plans$/)).toBeInTheDocument();
  expect(harness.count('products')).toBe(1);
});

test('passes the proxy’s origin check on a checkout, and records the redirect', async () => {
  const { result, harness } = renderHookWithBilling(() => useCheckout());
  await act(() => result.current.checkout({ product_id: 'prod_pro_monthly' }));
  await waitFor(() => expect(result.current.state).toBe('redirecting'));
  expect(harness.navigations[0]?.startsWith(`${harness.sandbox.baseUrl}/checkout/`)).toBe(true);
});
