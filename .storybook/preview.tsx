// Every story renders inside the billing-kit theme and locale chosen in the toolbar, with the
// default stylesheet, and fails its test on any axe violation.
import type { Preview } from '@storybook/react-vite';
import '../src/styles.css';
import { withBillingUI } from '../stories/support/ui.js';

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Appearance of the billing-kit components',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Locale for messages, money and dates',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en-US', title: 'English (US)' },
          { value: 'de-DE', title: 'Deutsch (DE)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en-US' },
  decorators: [withBillingUI],
  parameters: {
    layout: 'fullscreen',
    // An axe violation fails the story's test (in `vitest --project storybook` and in the UI).
    a11y: { test: 'error' },
  },
};

export default preview;
