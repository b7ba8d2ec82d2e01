// A checkbox custom field's label from the service "may contain markup links": the safe-markup
// renderer keeps text and https links and drops everything else. The small component below is
// built the way every billing-kit component is (parts, messages, theme).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useId } from 'react';
import { expect } from 'storybook/test';
import { useMessages } from '../src/components/messages/index.js';
import { commonMessages } from '../src/components/messages/sections/common.js';
import { renderLinkMarkup } from '../src/components/shared/markup.js';
import { type CustomizableProps, useParts } from '../src/components/shared/slots.js';

type CheckboxLabelPart = 'checkbox' | 'label';

interface CheckboxLabelProps extends CustomizableProps<CheckboxLabelPart> {
  /** The label as the service sends it: text, `<a href>` and `[text](url)` links. */
  label: string;
}

/** A checkbox with a label that may contain links, rendered safely. */
function CheckboxLabel(props: CheckboxLabelProps) {
  const part = useParts('CheckboxLabel', props);
  const t = useMessages(commonMessages);
  const id = useId();
  return part('root', 'div', {
    style: { display: 'flex', gap: '0.5rem', alignItems: 'center' },
    children: [
      part('checkbox', 'input', { key: 'checkbox', id, type: 'checkbox' }),
      part('label', 'label', {
        key: 'label',
        htmlFor: id,
        children: renderLinkMarkup(props.label, { newTabLabel: t('common.opensInNewTab') }),
      }),
    ],
  });
}

const meta = {
  title: 'Foundations/CheckboxLabel',
  component: CheckboxLabel,
  args: {
    label: 'I accept the <a href="https://shop.example/terms">terms of service</a>.',
  },
} satisfies Meta<typeof CheckboxLabel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const HtmlLink: Story = {
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: /terms of service/ });
    await expect(link).toHaveAttribute('href', 'https://shop.example/terms');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const checkbox = canvas.getByRole('checkbox', { name: /I accept the terms of service/ });
    await userEvent.click(canvas.getByText(/I accept the/));
    await expect(checkbox).toBeChecked();
  },
};

export const MarkdownLink: Story = {
  args: { label: 'Send me the [monthly newsletter](https://shop.example/newsletter) & offers' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /monthly newsletter/ })).toHaveAttribute(
      'href',
      'https://shop.example/newsletter',
    );
    await expect(canvas.getByText(/& offers/)).toBeInTheDocument();
  },
};

export const HostileInput: Story = {
  args: {
    label:
      'Accept <a href="javascript:alert(1)">these</a>, <a href="http://shop.example">those</a>' +
      '<img src=x onerror="alert(1)"><script>alert(2)</script> and ' +
      '<a onclick="steal()" href="https://shop.example/terms">the real terms</a> ' +
      '[or this](javascript:alert(3))',
  },
  play: async ({ canvas, canvasElement }) => {
    const links = canvas.getAllByRole('link');
    await expect(links).toHaveLength(1);
    await expect(links[0]).toHaveAttribute('href', 'https://shop.example/terms');
    await expect(links[0]).not.toHaveAttribute('onclick');
    await expect(canvasElement.querySelector('img, script')).toBeNull();
    await expect(canvas.getByText(/Accept these, those and/)).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="checkbox-label"]')).toHaveAttribute(
      'data-bk-theme',
      'dark',
    );
  },
};

export const German: Story = {
  globals: { locale: 'de-DE' },
  args: { label: 'Ich akzeptiere die [AGB](https://shop.example/agb).' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('link', { name: /AGB ?\(öffnet in einem neuen Tab\)/ }),
    ).toBeInTheDocument();
  },
};
