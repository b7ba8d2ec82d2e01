// Storybook for billing-kit: the stories in stories/ (none live beside components), with autodocs
// (turned on in preview.tsx), the a11y checks and the Vitest integration. Offline: telemetry
// off here, version checks off in `npm run storybook`. The Vite config is the project's own
// (vite.config.ts; Storybook ignores its `build` section).
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
};

export default config;
