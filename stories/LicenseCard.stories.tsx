// LicenseCard against the sandbox and the proxy handler running in the page (the shared test
// harness: no hand-written service data). The keys and instances are the seeded ones
// (`seededFixtures()`): one license in each status.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { LicenseCard } from '../src/components/LicenseCard/index.js';
import type { PartProps } from '../src/react/index.js';
import { seededFixtures } from '../test/support/billing-harness.js';
import { type SandboxParameters, withSandbox } from './support/sandbox.js';

type Seeded = ReturnType<typeof seededFixtures>['licenses'][number];

function seeded(pick: (license: Seeded) => boolean) {
  const license = seededFixtures().licenses.find(pick);
  const instance = license?.instances[0];
  if (!license || !instance) throw new Error('seed changed: no such license');
  return { licenseKey: license.key, instanceId: instance.id, license, instance };
}

const active = seeded((l) => l.status === 'active' && !l.expires_at);
const activeUntil = seeded((l) => l.status === 'active' && !!l.expires_at);
const inactive = seeded((l) => l.status === 'inactive');
const disabled = seeded((l) => l.status === 'disabled');
const expired = seeded((l) => l.status === 'expired');

/** The value beside a label in the card's details. */
function detail(canvasElement: HTMLElement, label: string) {
  const term = within(canvasElement).getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

const meta = {
  title: 'Components/LicenseCard',
  component: LicenseCard,
  decorators: [withSandbox],
  args: { onSuccess: fn(), onError: fn() },
  // Every story checks licenses; the proxy's per-client limit is for real visitors.
  parameters: { layout: 'padded', sandbox: { handler: { rateLimit: false } } },
} satisfies Meta<typeof LicenseCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The main flow: type a key and an instance, check, read the answer; reveal and hide the key. */
export const CheckAKey: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'License key' }), active.licenseKey);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Instance ID' }), active.instanceId);
    await userEvent.click(canvas.getByRole('button', { name: 'Check license' }));
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Active'));
    await expect(detail(canvasElement, 'Activations')).toHaveTextContent('1 of 3');
    await expect(canvas.getByRole('meter', { name: 'Activations' })).toHaveAttribute(
      'aria-valuenow',
      '1',
    );
    await expect(detail(canvasElement, 'Instance')).toHaveTextContent(
      `${active.instance.name} (active)`,
    );
    await expect(canvas.queryByText(active.licenseKey)).toBeNull();
    const reveal = canvas.getByRole('button', { name: 'Show key' });
    await userEvent.click(reveal);
    await expect(canvas.getByText(active.licenseKey)).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(reveal).toHaveAccessibleName('Show key');
    await expect(args.onSuccess).toHaveBeenCalledTimes(1);
  },
};

/** A license the app already knows, checked on mount, without the form. */
export const KnownLicense: Story = {
  args: { licenseKey: activeUntil.licenseKey, instanceId: activeUntil.instanceId, showForm: false },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Active'));
    await expect(detail(canvasElement, 'Expiry')).toHaveTextContent(/^Expires on /);
    await expect(canvas.queryByRole('textbox')).toBeNull();
  },
};

/** Bought, not activated yet. */
export const NotActivated: Story = {
  args: { licenseKey: inactive.licenseKey, instanceId: inactive.instanceId },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Not activated'));
    await expect(detail(canvasElement, 'Activations')).toHaveTextContent('0 of 5');
  },
};

/** Disabled, with no activation limit (no meter). */
export const DisabledUnlimited: Story = {
  args: { licenseKey: disabled.licenseKey, instanceId: disabled.instanceId },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Disabled'));
    await expect(detail(canvasElement, 'Activations')).toHaveTextContent('1 of unlimited');
    await expect(canvas.queryByRole('meter')).toBeNull();
  },
};

export const Expired: Story = {
  args: { licenseKey: expired.licenseKey, instanceId: expired.instanceId },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(detail(canvasElement, 'Expiry')).toHaveTextContent(/^Expired on /));
    await expect(canvasElement.querySelector('[data-slot="license-card"]')).toHaveAttribute(
      'data-state',
      'invalid',
    );
  },
};

/** Many items: every seeded license, one card each. */
export const EverySeededLicense: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '1rem' }}>
      {[active, activeUntil, inactive, disabled, expired].map((l) => (
        <LicenseCard
          key={l.licenseKey}
          {...args}
          licenseKey={l.licenseKey}
          instanceId={l.instanceId}
          showForm={false}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(
        Array.from(canvasElement.querySelectorAll('[data-slot="license-card"]')).map((card) =>
          card.getAttribute('data-state'),
        ),
      ).toEqual(['valid', 'valid', 'invalid', 'invalid', 'invalid']),
    );
  },
};

/** A key the service does not know. */
export const UnknownKey: Story = {
  args: { licenseKey: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', instanceId: active.instanceId },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'No such license key, or it is not activated for this instance.',
    );
  },
};

/** The check on its way (held here for as long as the story is open). */
export const Checking: Story = {
  args: { licenseKey: active.licenseKey, instanceId: active.instanceId },
  parameters: {
    sandbox: {
      prepare: (harness) => void harness.hold('validateLicense'),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Checking the license…')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Check license' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  },
};

/** The check failed; Try again checks the same key. */
export const FailedWithRetry: Story = {
  args: { licenseKey: active.licenseKey, instanceId: active.instanceId },
  parameters: {
    sandbox: {
      prepare: (harness) => harness.failNext({ route: 'validateLicense', with: 503 }),
    } satisfies SandboxParameters,
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The license could not be checked.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Active'));
  },
};

/** Nothing checked yet: the form, empty, both inputs required, no details and no error. */
export const Empty: Story = {
  play: async ({ canvas, canvasElement }) => {
    for (const name of ['License key', 'Instance ID']) {
      const input = canvas.getByRole('textbox', { name });
      await expect(input).toHaveValue('');
      await expect(input).toBeRequired();
      await expect(input).not.toHaveAttribute('aria-invalid');
    }
    await expect(canvas.getByRole('button', { name: 'Check license' })).toBeEnabled();
    await expect(canvasElement.querySelector('dl')).toBeNull();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/**
 * An empty submit says what is missing. The key input is already marked invalid, with its
 * error as its description, when it takes the focus, so both are read.
 */
export const SubmitWithNoKey: Story = {
  play: async ({ canvas, userEvent }) => {
    const key = canvas.getByRole('textbox', { name: 'License key' });
    const onFocus: Array<{ invalid: string | null; describedBy: string | null }> = [];
    key.addEventListener('focus', () =>
      onFocus.push({
        invalid: key.getAttribute('aria-invalid'),
        describedBy: key.getAttribute('aria-describedby'),
      }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Check license' }));
    await expect(key).toHaveFocus();
    const error = canvas.getByText('Enter a license key.');
    await expect(error).toBeVisible();
    await expect(onFocus).toEqual([{ invalid: 'true', describedBy: error.id }]);
  },
};

/**
 * Enter in the empty key input: the focus is already there, so the error is said in the live
 * region (visually hidden there; it shows under the input).
 */
export const EnterWithNoKey: Story = {
  play: async ({ canvas, userEvent }) => {
    const key = canvas.getByRole('textbox', { name: 'License key' });
    await userEvent.click(key);
    await userEvent.keyboard('{Enter}');
    await expect(key).toHaveFocus();
    await expect(key).toHaveAttribute('aria-invalid', 'true');
    await expect(key).toHaveAccessibleDescription('Enter a license key.');
    await waitFor(() =>
      expect(canvas.getByRole('status')).toHaveTextContent('Enter a license key.'),
    );
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { licenseKey: activeUntil.licenseKey, instanceId: activeUntil.instanceId },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Active'));
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { licenseKey: expired.licenseKey, instanceId: expired.instanceId },
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(detail(canvasElement, 'Status')).toHaveTextContent('Abgelaufen'));
    await expect(detail(canvasElement, 'Ablauf')).toHaveTextContent(
      /^Abgelaufen am \d\d\.\d\d\.\d{4}$/,
    );
    await expect(canvas.getByRole('button', { name: 'Schlüssel anzeigen' })).toBeVisible();
  },
};

/** A compact card: no border, the key in the accent colour, a test id on the meter. */
/**
 * The status badge replaced (`slots.statusBadge`) by the seller's own, with a coloured dot; it
 * gets every prop of the part (`data-state` with the license's status, the words). The card's
 * frame, key and meter are restyled with `slotProps`.
 */
function StatusDot({ children, ...props }: PartProps) {
  const colour = props['data-state'] === 'active' ? 'var(--bk-color-success)' : 'currentColor';
  return (
    <span {...props} data-story-dot="">
      <span aria-hidden="true" style={{ color: colour }}>
        ●{' '}
      </span>
      {children}
    </span>
  );
}

export const SlotCustomised: Story = {
  args: {
    licenseKey: active.licenseKey,
    instanceId: active.instanceId,
    showForm: false,
    slots: { statusBadge: StatusDot },
    slotProps: {
      root: { style: { border: 0, padding: 0, background: 'transparent' } },
      keyValue: { style: { color: 'var(--bk-color-accent)' } },
      meter: { 'data-testid': 'activations-meter' },
    },
  },
  play: async ({ canvasElement, canvas }) => {
    await expect(await canvas.findByTestId('activations-meter')).toHaveAttribute(
      'data-slot',
      'license-card-meter',
    );
    const badge = canvasElement.querySelector('[data-slot="license-card-status-badge"]');
    await expect(badge).toHaveAttribute('data-story-dot');
    await expect(badge).toHaveAttribute('data-state', 'active');
    await expect(badge).toHaveTextContent('● Active');
  },
};
