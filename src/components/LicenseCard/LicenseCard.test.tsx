import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import {
  type BillingHarness,
  createBillingHarness,
  renderWithBilling,
} from '../../../test/support/billing-harness.js';
import { recordFocus, recordLiveRegion } from '../../../test/support/screen-reader.js';
import { renderToStringWithBilling } from '../../../test/support/server-render.js';
import type { License } from '../../contract/schemas.js';
import { SANDBOX_EPOCH } from '../../sandbox/index.js';
import { LicenseCard, maskLicenseKey } from './LicenseCard.js';

type SeededLicense = ReturnType<BillingHarness['sandbox']['fixtures']>['licenses'][number];

// The sandbox's clock stands still at SANDBOX_EPOCH and its licenses expire around it; the page's
// clock (jsdom's, the real date) can be far from it. The card goes by the service's status only.
const NOW = SANDBOX_EPOCH;
const DAY = 24 * 60 * 60 * 1000;

/** Runs `body` with the page's clock (`Date`, nothing else) set to `at`. */
async function withPageClock(at: number, body: () => Promise<void>) {
  vi.useFakeTimers({ now: at, toFake: ['Date'] });
  try {
    await body();
  } finally {
    vi.useRealTimers();
  }
}

/** A harness whose license answers are edited on the way back from the service. */
function editedLicenses(edit: (license: License) => void): BillingHarness {
  return createBillingHarness({
    editAnswer: (path, body: License) => {
      if (path.startsWith('/v1/licenses/')) edit(body);
    },
  });
}

const day = (iso: string, locale = 'en-US') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

function seeded(harness: BillingHarness, pick: (l: SeededLicense) => boolean): SeededLicense {
  const license = harness.sandbox.fixtures().licenses.find(pick);
  if (!license) throw new Error('no such seeded license');
  return license;
}

function instanceOf(license: SeededLicense) {
  const instance = license.instances[0];
  if (!instance) throw new Error(`license ${license.key} has no instance`);
  return instance;
}

/** The card for a seeded license, checked at once, without the form. */
function showLicense(harness: BillingHarness, license: SeededLicense) {
  return renderWithBilling(
    <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} showForm={false} />,
    { harness },
  );
}

function card() {
  return screen.getByRole('article', { name: 'License' });
}

/** The value beside a label in the card's details. */
function detail(label: string) {
  const term = within(card()).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

async function check(key: string, instanceId: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'License key' }), key);
  await user.type(screen.getByRole('textbox', { name: 'Instance ID' }), instanceId);
  await user.click(screen.getByRole('button', { name: 'Check license' }));
  return user;
}

function ControlledCard(props: { keys: string[] }) {
  const [licenseKey, setLicenseKey] = useState('');
  return (
    <LicenseCard
      licenseKey={licenseKey.toUpperCase()}
      onLicenseKeyChange={(value) => {
        props.keys.push(value);
        setLicenseKey(value);
      }}
    />
  );
}

describe('LicenseCard: checking each seeded license', () => {
  const cases: Array<
    [
      string,
      (l: SeededLicense) => boolean,
      {
        status: string;
        state: string;
        activations: string;
        meter: [number, number] | null;
        expiry: (l: SeededLicense) => string;
      },
    ]
  > = [
    [
      'active, three activations, no expiry',
      (l) => l.status === 'active' && !l.expires_at,
      {
        status: 'Active',
        state: 'valid',
        activations: '1 of 3',
        meter: [1, 3],
        expiry: () => 'Never expires',
      },
    ],
    [
      'active until a date',
      (l) => l.status === 'active' && !!l.expires_at,
      {
        status: 'Active',
        state: 'valid',
        activations: '1 of 3',
        meter: [1, 3],
        expiry: (l) => `Expires on ${day(l.expires_at as string)}`,
      },
    ],
    [
      'inactive (not activated yet)',
      (l) => l.status === 'inactive',
      {
        status: 'Not activated',
        state: 'invalid',
        activations: '0 of 5',
        meter: [0, 5],
        expiry: () => 'Never expires',
      },
    ],
    [
      'disabled, unlimited',
      (l) => l.status === 'disabled',
      {
        status: 'Disabled',
        state: 'invalid',
        activations: '1 of unlimited',
        meter: null,
        expiry: () => 'Never expires',
      },
    ],
    [
      'expired',
      (l) => l.status === 'expired',
      {
        status: 'Expired',
        state: 'invalid',
        activations: '1 of 3',
        meter: [1, 3],
        expiry: (l) => `Expired on ${day(l.expires_at as string)}`,
      },
    ],
  ];

  test.each(cases)('%s', async (_name, pick, want) => {
    const harness = createBillingHarness();
    const license = seeded(harness, pick);
    const instance = instanceOf(license);
    const onSuccess = vi.fn();
    renderWithBilling(<LicenseCard onSuccess={onSuccess} />, { harness });
    expect(card()).toHaveAttribute('data-state', 'idle');
    await check(license.key, instance.id);

    await waitFor(() => expect(card()).toHaveAttribute('data-state', want.state));
    // What the service holds, as the card shows it.
    expect(license.status).toBe(
      {
        Active: 'active',
        'Not activated': 'inactive',
        Disabled: 'disabled',
        Expired: 'expired',
      }[want.status],
    );
    expect(detail('Status')).toHaveTextContent(want.status);
    expect(within(detail('Status')).getByText(want.status)).toHaveAttribute(
      'data-state',
      license.status,
    );
    expect(want.activations).toBe(
      `${license.activation} of ${license.activation_limit ?? 'unlimited'}`,
    );
    expect(detail('Activations')).toHaveTextContent(want.activations);
    const meter = within(card()).queryByRole('meter', { name: 'Activations' });
    if (want.meter) {
      expect(meter).toHaveAttribute('aria-valuenow', String(want.meter[0]));
      expect(meter).toHaveAttribute('aria-valuemin', '0');
      expect(meter).toHaveAttribute('aria-valuemax', String(want.meter[1]));
      expect(meter).toHaveAttribute('aria-valuetext', want.activations);
    } else {
      expect(meter).toBeNull();
    }
    expect(detail('Expiry')).toHaveTextContent(want.expiry(license));
    const instanceWord = instance.status === 'active' ? 'active' : 'deactivated';
    expect(detail('Instance')).toHaveTextContent(`${instance.name} (${instanceWord})`);

    expect(harness.requests.filter((r) => r.route === 'validateLicense')).toEqual([
      expect.objectContaining({ body: { key: license.key, instance_id: instance.id } }),
    ]);
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ key: license.key, status: license.status }),
      { key: license.key, instanceId: instance.id, state: want.state },
    );
  });

  test('a result goes once the key or the instance is changed', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    renderWithBilling(<LicenseCard />, { harness });
    // Both are required, and say so before a submit.
    for (const name of ['License key', 'Instance ID']) {
      expect(screen.getByRole('textbox', { name })).toBeRequired();
    }
    const user = await check(license.key, instanceOf(license).id);
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'valid'));
    const key = screen.getByRole('textbox', { name: 'License key' });
    await user.type(key, 'X');
    expect(card()).toHaveAttribute('data-state', 'idle');
    expect(within(card()).queryByText('Active')).toBeNull();
    await user.type(key, '{Backspace}');
    // The same key and instance again: the answer to them is shown again.
    expect(card()).toHaveAttribute('data-state', 'valid');
    await user.clear(screen.getByRole('textbox', { name: 'Instance ID' }));
    await user.click(screen.getByRole('button', { name: 'Check license' }));
    expect(card()).toHaveAttribute('data-state', 'idle');
    expect(within(card()).queryByText('Active')).toBeNull();
    expect(screen.getByText('Enter the instance ID.')).toBeVisible();
  });

  test('an unknown key says there is no such key, and offers no retry', async () => {
    const harness = createBillingHarness();
    const instance = instanceOf(seeded(harness, (l) => l.status === 'active'));
    const onError = vi.fn();
    renderWithBilling(<LicenseCard onError={onError} />, { harness });
    await check('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', instance.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No such license key, or it is not activated for this instance.',
    );
    expect(alert).toHaveAttribute('data-state', 'notFound');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(card()).toHaveAttribute('data-state', 'invalid');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 404 }), {
      key: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE',
      instanceId: instance.id,
      state: 'invalid',
      failure: 'notFound',
    });
  });

  test('a known key with an unknown instance is answered as an unknown key', async () => {
    // The proxy does not tell a wrong instance from a wrong key (no probing of keys): one
    // message names both.
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active');
    renderWithBilling(<LicenseCard />, { harness });
    await check(license.key, 'ins_nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No such license key, or it is not activated for this instance.',
    );
    expect(card()).toHaveAttribute('data-state', 'invalid');
  });
});

describe('LicenseCard: the service’s status decides, never the page’s clock', () => {
  // The page's clock and the service's can disagree (the sandbox's clock stands still, a
  // device's clock is off): a card that judged expiry by its own clock would call a license
  // the service calls active "invalid" and "Expired on" beside "Status Active".
  test('the seeded active license, default sandbox, no `now`: valid, "Active", "Expires on"', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !!l.expires_at);
    const expiresAt = license.expires_at as string;
    const onSuccess = vi.fn();
    renderWithBilling(
      <LicenseCard
        licenseKey={license.key}
        instanceId={instanceOf(license).id}
        showForm={false}
        onSuccess={onSuccess}
      />,
      { harness },
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'valid'));
    expect(detail('Status')).toHaveTextContent('Active');
    expect(detail('Expiry')).toHaveTextContent(`Expires on ${day(expiresAt)}`);
    expect(detail('Expiry').parentElement).toHaveAttribute('data-state', 'expires');
    expect(within(card()).queryByText(/Expired/)).toBeNull();
    expect(screen.getAllByRole('status').map((r) => r.textContent)).toContain(
      'License checked: Active',
    );
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'active' }),
      expect.objectContaining({ state: 'valid' }),
    );
  });

  test.each([
    ['a year past its expiry date', 365],
    ['a year before the service’s date', -365],
  ])(
    'an active license with the page’s clock %s is still valid and "Expires on"',
    async (_, days) => {
      const harness = createBillingHarness();
      const license = seeded(harness, (l) => l.status === 'active' && !!l.expires_at);
      const expiresAt = license.expires_at as string;
      await withPageClock(Date.parse(expiresAt) + days * DAY, async () => {
        showLicense(harness, license);
        await waitFor(() => expect(card()).toHaveAttribute('data-state', 'valid'));
        expect(detail('Status')).toHaveTextContent('Active');
        expect(detail('Expiry')).toHaveTextContent(`Expires on ${day(expiresAt)}`);
      });
    },
  );

  test('an expired license without a date reads "Expired", never "Never expires"', async () => {
    const harness = editedLicenses((license) => {
      license.status = 'expired';
      license.expires_at = null;
    });
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    renderWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} showForm={false} />,
      { harness },
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'invalid'));
    expect(detail('Status')).toHaveTextContent('Expired');
    expect(detail('Expiry')).toHaveTextContent(/^Expired$/);
    expect(detail('Expiry').parentElement).toHaveAttribute('data-state', 'expired');
    expect(within(card()).queryByText(/Never expires|Expires on/)).toBeNull();
  });

  test('an expired license reads "Expired on" its date, even a date the page’s clock has not reached', async () => {
    const at = new Date(Date.parse(NOW) + 30 * DAY).toISOString();
    const harness = editedLicenses((license) => {
      license.status = 'expired';
      license.expires_at = at;
    });
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    await withPageClock(Date.parse(NOW), async () => {
      showLicense(harness, license);
      await waitFor(() => expect(card()).toHaveAttribute('data-state', 'invalid'));
      expect(detail('Status')).toHaveTextContent('Expired');
      expect(detail('Expiry')).toHaveTextContent(`Expired on ${day(at)}`);
      expect(detail('Expiry').parentElement).toHaveAttribute('data-state', 'expired');
      expect(within(card()).queryByText(/Expires on/)).toBeNull();
    });
  });
});

describe('LicenseCard: a date passed on a license that is not active', () => {
  // The page's clock is the machine's (2026-11 or later); the sandbox's stands at SANDBOX_EPOCH
  // and reaches the page through the proxy's Date: the wording follows the service's clock.
  test.each([
    ['disabled', -10, 'Expired on', 'expired'],
    ['inactive', -10, 'Expired on', 'expired'],
    ['disabled', 30, 'Expires on', 'expires'],
  ] as const)(
    '%s, its date %i days from the service’s clock: "%s"',
    async (status, days, words, state) => {
      const at = new Date(Date.parse(NOW) + days * DAY).toISOString();
      const harness = editedLicenses((license) => {
        license.status = status;
        license.expires_at = at;
      });
      const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
      showLicense(harness, license);
      await waitFor(() => expect(card()).toHaveAttribute('data-state', 'invalid'));
      expect(detail('Expiry')).toHaveTextContent(`${words} ${day(at)}`);
      expect(detail('Expiry').parentElement).toHaveAttribute('data-state', state);
    },
  );
});

describe('LicenseCard: the key', () => {
  test('masked at first, revealed and hidden again by keyboard', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    const tail = license.key.slice(license.key.lastIndexOf('-') + 1);
    renderWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} />,
      {
        harness,
      },
    );
    const value = await waitFor(() => {
      const dd = detail('License key');
      expect(dd).toBeTruthy();
      return dd;
    });
    // Masked: bullets for all but the last group, and a plain sentence for screen readers.
    expect(maskLicenseKey(license.key)).toBe(`•••••-•••••-•••••-•••••-${tail}`);
    expect(within(value).getByText(maskLicenseKey(license.key))).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(within(value).getByText(`hidden, ends in ${tail}`)).toBeInTheDocument();
    // The parts read apart, not "…ABCDhidden, ends in ABCDShow key".
    expect(
      value.textContent?.startsWith(
        `${maskLicenseKey(license.key)} hidden, ends in ${tail} Show key`,
      ),
    ).toBe(true);
    expect(within(card()).queryByText(license.key)).toBeNull();

    const user = userEvent.setup();
    const reveal = within(value).getByRole('button', { name: 'Show key' });
    reveal.focus();
    await user.keyboard('{Enter}');
    expect(within(value).getByText(license.key)).toHaveAttribute('data-state', 'revealed');
    expect(reveal).toHaveAccessibleName('Hide key');
    expect(reveal).toHaveFocus();
    await user.keyboard(' ');
    expect(within(card()).queryByText(license.key)).toBeNull();
    expect(reveal).toHaveAccessibleName('Show key');
  });

  test('copied to the clipboard when the browser has one', async () => {
    const user = userEvent.setup(); // gives jsdom a clipboard
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    renderWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} />,
      {
        harness,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(license.key);
    expect(within(card()).getByText('Copied')).toBeVisible();
    // Still masked on screen.
    expect(within(card()).queryByText(license.key)).toBeNull();
  });

  test('the live regions say what the check found and that the key was copied, never the key', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const harness = createBillingHarness();
      const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
      renderWithBilling(
        <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} />,
        { harness },
      );
      const live = () => screen.getAllByRole('status').map((region) => region.textContent);
      await waitFor(() => expect(live()).toContain('License checked: Active'));

      await user.click(screen.getByRole('button', { name: 'Show key' }));
      expect(within(card()).getByText(license.key)).toBeVisible();
      expect(live().join(' ')).not.toContain(license.key);

      await user.click(screen.getByRole('button', { name: 'Copy key' }));
      await waitFor(() => expect(live()).toContain('Copied'));
      // Said once, then gone: the next copy is said again.
      act(() => vi.advanceTimersByTime(3000));
      expect(live()).not.toContain('Copied');
      expect(within(card()).queryByText('Copied')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  test('no copy button without a clipboard', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    const clipboard = Object.getOwnPropertyDescriptor(globalThis.navigator, 'clipboard');
    Object.defineProperty(globalThis.navigator, 'clipboard', {
      value: undefined,
      configurable: true,
    });
    try {
      renderWithBilling(
        <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} />,
        { harness },
      );
      await screen.findByRole('button', { name: 'Show key' });
      expect(screen.queryByRole('button', { name: 'Copy key' })).toBeNull();
    } finally {
      if (clipboard) Object.defineProperty(globalThis.navigator, 'clipboard', clipboard);
      else Reflect.deleteProperty(globalThis.navigator, 'clipboard');
    }
  });
});

describe('LicenseCard: inputs, states and failures', () => {
  test('a key and instance given as props are checked once at mount, without a form', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    renderWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} showForm={false} />,
      { harness },
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'valid'));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(harness.count('validateLicense')).toBe(1);
  });

  test('an active license checked for a deactivated instance is not valid on it, and says so', async () => {
    const harness = createBillingHarness();
    const license = seeded(
      harness,
      (l) => l.status === 'active' && l.instances.some((i) => i.status === 'deactivated'),
    );
    const instance = license.instances.find((i) => i.status === 'deactivated');
    if (!instance) throw new Error('seed changed: no deactivated instance');
    const onSuccess = vi.fn();
    renderWithBilling(
      <LicenseCard
        licenseKey={license.key}
        instanceId={instance.id}
        showForm={false}
        onSuccess={onSuccess}
      />,
      { harness },
    );
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'instanceInactive'));
    const said = screen.getAllByRole('status').map((region) => region.textContent);
    expect(said).toContain(
      `License checked: not active on this instance (${instance.name}, deactivated)`,
    );
    expect(said.join(' ')).not.toContain('Active');
    // The details still tell the license's own status from the instance's.
    expect(detail('Status')).toHaveTextContent('Active');
    expect(detail('Instance')).toHaveTextContent(`${instance.name} (deactivated)`);
    expect(onSuccess).toHaveBeenCalledWith(
      expect.objectContaining({ key: license.key, status: 'active' }),
      { key: license.key, instanceId: instance.id, state: 'instanceInactive' },
    );
  });

  test('German: not active on this instance', async () => {
    const harness = createBillingHarness();
    const license = seeded(
      harness,
      (l) => l.status === 'active' && l.instances.some((i) => i.status === 'deactivated'),
    );
    const instance = license.instances.find((i) => i.status === 'deactivated');
    if (!instance) throw new Error('seed changed: no deactivated instance');
    renderWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instance.id} showForm={false} />,
      { harness, provider: { locale: 'de-DE' } },
    );
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(
        `Lizenz geprüft: auf dieser Instanz nicht aktiv (${instance.name}, deaktiviert)`,
      ),
    );
  });

  test('controlled key input: the owner hears each edit and decides the value', async () => {
    const keys: string[] = [];
    renderWithBilling(<ControlledCard keys={keys} />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: 'License key' });
    await user.type(input, 'ab');
    expect(input).toHaveValue('AB');
    expect(keys).toEqual(['a', 'Ab']);
  });

  test('uncontrolled inputs start from their defaults', () => {
    renderWithBilling(
      <LicenseCard defaultLicenseKey="KEY-1" defaultInstanceId="ins_1" validateOnMount={false} />,
    );
    expect(screen.getByRole('textbox', { name: 'License key' })).toHaveValue('KEY-1');
    expect(screen.getByRole('textbox', { name: 'Instance ID' })).toHaveValue('ins_1');
  });

  test('both inputs are required; the first empty one takes the focus', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<LicenseCard />);
    await user.click(screen.getByRole('button', { name: 'Check license' }));
    const key = screen.getByRole('textbox', { name: 'License key' });
    expect(key).toHaveFocus();
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription('Enter a license key.');
    expect(screen.getByRole('textbox', { name: 'Instance ID' })).toHaveAccessibleDescription(
      'Enter the instance ID.',
    );
    await user.type(key, '   ');
    await user.click(screen.getByRole('button', { name: 'Check license' }));
    expect(harness.count('validateLicense')).toBe(0);
  });

  test('while checking: busy, said in words, and a second submit sends nothing', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    const release = harness.hold('validateLicense');
    renderWithBilling(<LicenseCard />, { harness });
    const user = await check(license.key, instanceOf(license).id);
    expect(card()).toHaveAttribute('data-state', 'validating');
    expect(card()).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Checking the license…');
    const submit = screen.getByRole('button', { name: 'Check license' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.click(submit);
    release();
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'valid'));
    expect(harness.count('validateLicense')).toBe(1);
  });

  test('a failure says so with a retry that checks the same key again', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !l.expires_at);
    const instance = instanceOf(license);
    harness.failNext({ route: 'validateLicense', with: 503 });
    renderWithBilling(<LicenseCard />, { harness });
    const user = await check(license.key, instance.id);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The license could not be checked.');
    expect(card()).toHaveAttribute('data-state', 'error');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The alert and its button go while the check runs again: the focus stays in the card.
    expect(screen.getByRole('heading', { name: 'License' })).toHaveFocus();
    await waitFor(() => expect(card()).toHaveAttribute('data-state', 'valid'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      harness.requests.filter((r) => r.route === 'validateLicense').map((r) => r.body),
    ).toEqual([
      { key: license.key, instance_id: instance.id },
      { key: license.key, instance_id: instance.id },
    ]);
  });

  test('German: status, activations and dates in de-DE', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active' && !!l.expires_at);
    renderWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} />,
      {
        harness,
        provider: { locale: 'de-DE' },
      },
    );
    const region = await screen.findByRole('article', { name: 'Lizenz' });
    await waitFor(() => expect(region).toHaveAttribute('data-state', 'valid'));
    const value = (label: string) =>
      within(region).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value('Status')).toHaveTextContent('Aktiv');
    expect(value('Aktivierungen')).toHaveTextContent('1 von 3');
    const date = day(license.expires_at as string, 'de-DE');
    expect(date).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    expect(value('Ablauf')).toHaveTextContent(`Läuft am ${date} ab`);
    expect(within(region).getByRole('button', { name: 'Schlüssel anzeigen' })).toBeVisible();
  });
});

describe('LicenseCard: a required input left empty, as a screen reader gets it', () => {
  const keyInput = () => screen.getByRole('textbox', { name: 'License key' });
  const instanceInput = () => screen.getByRole('textbox', { name: 'Instance ID' });
  const liveRegion = () => within(card()).getByRole('status');

  test('Check license with both empty: the key input is invalid and described as it takes the focus', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<LicenseCard />);
    const said = recordLiveRegion(liveRegion());
    const read = recordFocus();
    await user.click(screen.getByRole('button', { name: 'Check license' }));
    expect(keyInput()).toHaveFocus();
    expect(read).toEqual([
      { label: 'License key', invalid: 'true', description: 'Enter a license key.' },
    ]);
    // Read once, with the input: the live region does not say it again.
    expect(said()).toEqual([]);
    expect(instanceInput()).toHaveAccessibleDescription('Enter the instance ID.');
    expect(harness.count('validateLicense')).toBe(0);
  });

  test('Check license with only the instance empty: the instance input is invalid and described as it takes the focus', async () => {
    const user = userEvent.setup();
    renderWithBilling(<LicenseCard />);
    await user.type(keyInput(), 'AAAAA-BBBBB');
    const said = recordLiveRegion(liveRegion());
    const read = recordFocus();
    await user.click(screen.getByRole('button', { name: 'Check license' }));
    expect(instanceInput()).toHaveFocus();
    expect(read).toEqual([
      { label: 'Instance ID', invalid: 'true', description: 'Enter the instance ID.' },
    ]);
    expect(said()).toEqual([]);
    expect(keyInput()).not.toHaveAttribute('aria-invalid');
  });

  test('Enter in the empty key input: the focus stays and its error is said once per Enter', async () => {
    const user = userEvent.setup();
    const { harness } = renderWithBilling(<LicenseCard />);
    await user.click(keyInput());
    const said = recordLiveRegion(liveRegion());
    const read = recordFocus();
    await user.keyboard('{Enter}');
    expect(keyInput()).toHaveFocus();
    expect(keyInput()).toHaveAttribute('aria-invalid', 'true');
    expect(keyInput()).toHaveAccessibleDescription('Enter a license key.');
    // The focus did not move, so nothing was read on focus: the live region says it.
    expect(read).toEqual([]);
    expect(said()).toEqual(['Enter a license key.']);
    // Enter again: the same words, said again (once).
    await user.keyboard('{Enter}');
    expect(said()).toEqual(['Enter a license key.', 'Enter a license key.']);
    expect(read).toEqual([]);
    // Typed: the error goes from the input and the live region.
    await user.keyboard('A');
    expect(keyInput()).not.toHaveAttribute('aria-invalid');
    expect(liveRegion()).not.toHaveTextContent('Enter a license key.');
    expect(harness.count('validateLicense')).toBe(0);
  });

  test('Enter in the empty instance input after a key: the focus stays and its error is said once', async () => {
    const user = userEvent.setup();
    renderWithBilling(<LicenseCard />);
    await user.type(keyInput(), 'AAAAA-BBBBB');
    await user.click(instanceInput());
    const said = recordLiveRegion(liveRegion());
    const read = recordFocus();
    await user.keyboard('{Enter}');
    expect(instanceInput()).toHaveFocus();
    expect(instanceInput()).toHaveAccessibleDescription('Enter the instance ID.');
    expect(read).toEqual([]);
    expect(said()).toEqual(['Enter the instance ID.']);
  });

  test('Enter in the empty instance input with no key: the focus goes to the key input, read with its error, said nowhere else', async () => {
    const user = userEvent.setup();
    renderWithBilling(<LicenseCard />);
    await user.click(instanceInput());
    const said = recordLiveRegion(liveRegion());
    const read = recordFocus();
    await user.keyboard('{Enter}');
    expect(keyInput()).toHaveFocus();
    expect(read).toEqual([
      { label: 'License key', invalid: 'true', description: 'Enter a license key.' },
    ]);
    expect(said()).toEqual([]);
  });

  test('German: the error said for a focused empty input is in German', async () => {
    const user = userEvent.setup();
    renderWithBilling(<LicenseCard />, { provider: { locale: 'de-DE' } });
    const key = screen.getByRole('textbox', { name: 'Lizenzschlüssel' });
    await user.click(key);
    const region = within(screen.getByRole('article', { name: 'Lizenz' })).getByRole('status');
    const said = recordLiveRegion(region);
    await user.keyboard('{Enter}');
    expect(said()).toEqual(['Geben Sie einen Lizenzschlüssel ein.']);
  });
});

describe('LicenseCard on the server', () => {
  test('renders the idle form, and a key given as props is only checked in the browser', async () => {
    const harness = createBillingHarness();
    const license = seeded(harness, (l) => l.status === 'active');
    const html = await renderToStringWithBilling(
      <LicenseCard licenseKey={license.key} instanceId={instanceOf(license).id} />,
      { harness: harness },
    );
    expect(html).toContain('data-state="idle"');
    expect(html).toContain('Check license');
    expect(harness.count('validateLicense')).toBe(0);
  });
});
