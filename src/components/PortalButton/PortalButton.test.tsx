import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderWithBilling } from '../../../test/support/billing-harness.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import { PortalButton } from './PortalButton.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Ada's portal link as the sandbox makes it. */
const ADA_PORTAL = /^https:\/\/sandbox\.billing-kit\.test\/portal\/cust_ada/;

function root() {
  return document.querySelector('[data-slot="portal-button"]');
}

/** A stand-in for the tab `window.open` returns: what the button does with it is recorded. */
function fakeTab() {
  const tab = {
    opener: window as unknown,
    closed: false,
    replaced: [] as string[],
    location: { replace: (url: string) => tab.replaced.push(url) },
    close: () => {
      tab.closed = true;
    },
  };
  return tab;
}

describe('PortalButton', () => {
  test('asks the proxy for the link and goes there in this tab, showing that it is opening', async () => {
    const user = userEvent.setup();
    const links: string[] = [];
    const { harness } = renderWithBilling(
      <PortalButton onSuccess={({ url }) => links.push(url)} />,
      { customer: 'cust_ada' },
    );
    const button = screen.getByRole('button', { name: 'Manage billing' });
    expect(root()).toHaveAttribute('data-state', 'idle');

    const release = harness.hold('portal');
    await user.click(button);
    expect(root()).toHaveAttribute('data-state', 'opening');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Opening the billing portal…');
    await user.click(button);
    release();

    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(harness.navigations[0]).toMatch(ADA_PORTAL);
    expect(links).toEqual(harness.navigations);
    expect(harness.count('portal')).toBe(1);
  });

  test('usable again when the customer comes Back and the page is restored from the back/forward cache', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PortalButton />, { customer: 'cust_ada' });
    const button = screen.getByRole('button', { name: 'Manage billing' });
    await user.click(button);
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(button).toHaveAttribute('aria-disabled', 'true');

    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'idle'));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.click(button);
    await waitFor(() => expect(harness.navigations).toHaveLength(2));
    expect(harness.count('portal')).toBe(2);
  });

  test('children replace the label', async () => {
    renderWithBilling(<PortalButton>Billing settings</PortalButton>);
    expect(screen.getByRole('button', { name: 'Billing settings' })).toBeVisible();
  });

  test('a failure: said in an alert, onError told, and the button retries', async () => {
    const user = userEvent.setup();
    const errors: number[] = [];
    const { harness } = renderWithBilling(
      <PortalButton onError={(error) => errors.push(error.status)} />,
      { customer: 'cust_ada' },
    );
    harness.failNext({ route: 'portal', with: 503 });
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing portal could not be opened. Please try again.',
    );
    expect(root()).toHaveAttribute('data-state', 'failed');
    expect(errors).toEqual([503]);
    expect(harness.navigations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(harness.navigations[0]).toMatch(ADA_PORTAL);
  });

  test('signed out (the proxy answers 401): asks to sign in rather than to try again', async () => {
    const user = userEvent.setup();
    const errors: string[] = [];
    const { harness } = renderWithBilling(
      <PortalButton onError={(error) => errors.push(`${error.kind} ${error.status}`)} />,
      { customer: null },
    );
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please sign in to continue.');
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(root()).toHaveAttribute('data-state', 'failed');
    expect(errors).toEqual(['auth 401']);
    expect(harness.navigations).toEqual([]);
  });

  test('a customer with nothing bought yet has no portal: said so, without asking to try again', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PortalButton />, {
      customer: { email: 'new.buyer@example.com' },
    });
    await user.click(screen.getByRole('button', { name: 'Manage billing' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'There is nothing to manage yet: your billing account starts with your first purchase.',
    );
    expect(alert).not.toHaveTextContent(/try again/i);
    expect(root()).toHaveAttribute('data-state', 'failed');
    expect(harness.navigations).toEqual([]);
  });

  test('target="_blank": the tab opens in the click, cut off from this page, then goes to the link', async () => {
    const user = userEvent.setup();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const { harness } = renderWithBilling(<PortalButton target="_blank" />, {
      customer: 'cust_ada',
    });
    const button = screen.getByRole('button', { name: 'Manage billing (opens in a new tab)' });

    const release = harness.hold('portal');
    await user.click(button);
    // Before any answer: opened within the click, as popup blockers require.
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBe(null);
    expect(tab.replaced).toEqual([]);
    release();

    await waitFor(() => expect(tab.replaced).toHaveLength(1));
    expect(tab.replaced[0]).toMatch(ADA_PORTAL);
    expect(harness.navigations).toEqual([]);
    // This page stays, ready for another click.
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'idle'));
  });

  test('target="_blank" with the tab blocked: the portal opens in this tab instead', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'open').mockImplementation(() => null);
    const { harness } = renderWithBilling(<PortalButton target="_blank" />, {
      customer: 'cust_ada',
    });
    await user.click(screen.getByRole('button', { name: /Manage billing/ }));
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
    expect(harness.navigations[0]).toMatch(ADA_PORTAL);
  });

  test('target="_blank" with the new tab closed by the customer before the link came: this page stays, the button works again', async () => {
    const user = userEvent.setup();
    const tabs: ReturnType<typeof fakeTab>[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      const tab = fakeTab();
      tabs.push(tab);
      return tab as unknown as Window;
    });
    const links: string[] = [];
    const { harness } = renderWithBilling(
      <PortalButton target="_blank" onSuccess={({ url }) => links.push(url)} />,
      { customer: 'cust_ada' },
    );
    const button = screen.getByRole('button', { name: /Manage billing/ });

    const release = harness.hold('portal');
    await user.click(button);
    (tabs[0] as ReturnType<typeof fakeTab>).close();
    release();
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'idle'));
    expect(harness.navigations).toEqual([]);
    expect(tabs[0]?.replaced).toEqual([]);
    expect(links).toEqual([]);
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByRole('alert')).toBeNull();

    // Asked again, the portal opens in a new tab as it should.
    await user.click(button);
    await waitFor(() => expect(tabs[1]?.replaced).toHaveLength(1));
    expect(tabs[1]?.replaced[0]).toMatch(ADA_PORTAL);
    expect(harness.navigations).toEqual([]);
    expect(links).toEqual(tabs[1]?.replaced);
  });

  test('target="_blank" and a failure: the empty tab is closed', async () => {
    const user = userEvent.setup();
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const { harness } = renderWithBilling(<PortalButton target="_blank" />, {
      customer: 'cust_ada',
    });
    harness.failNext({ route: 'portal', with: 500 });
    await user.click(screen.getByRole('button', { name: /Manage billing/ }));
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(tab.closed).toBe(true);
    expect(root()).toHaveAttribute('data-state', 'failed');
  });

  test('keyboard: Enter and Space open it', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PortalButton />, { customer: 'cust_ada' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Manage billing' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(harness.navigations).toHaveLength(1));
  });

  test('de-DE', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<PortalButton target="_blank" />, {
      customer: 'cust_ada',
      provider: { locale: 'de-DE' },
    });
    vi.spyOn(window, 'open').mockImplementation(() => null);
    harness.failNext({ route: 'portal', with: 500 });
    await user.click(
      screen.getByRole('button', { name: 'Abrechnung verwalten (öffnet in einem neuen Tab)' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Das Kundenportal konnte nicht geöffnet werden/,
    );
  });

  test('renders on the server, idle', async () => {
    const html = await renderToStringWithBilling(<PortalButton target="_blank" />);
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('Manage billing');
  });

  test('outside <BillingProvider>: an error that names the component', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<PortalButton />)).toThrow(
      /`PortalButton` must be inside `<BillingProvider>`/,
    );
  });
});
