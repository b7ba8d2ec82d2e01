// Theme and locale for stories, from the toolbar globals.
//
// The global decorator `withBillingUI` wraps every story in `BillingUIProvider` and a themed
// page. A story that renders its own `<BillingProvider>` (which has its own UI provider inside)
// must pass the toolbar's choice on, or it falls back to light/en-US:
//
//   render: (args, context) => (
//     <BillingProvider basePath="/api/billing" fetch={sandbox.fetch} {...storyUI(context.globals)}>
//       <PricingTable {...args} />
//     </BillingProvider>
//   ),
import type { Decorator } from '@storybook/react-vite';
import type { CSSProperties, ReactNode } from 'react';
import { type BillingTheme, BillingUIProvider } from '../../src/react/ui-context.js';

/** Theme and locale props for a provider, from the story's globals (`theme`, `locale`). */
export function storyUI(globals: Record<string, unknown>): { theme: BillingTheme; locale: string } {
  return {
    theme: { appearance: globals.theme === 'dark' ? 'dark' : 'light' },
    locale: typeof globals.locale === 'string' ? globals.locale : 'en-US',
  };
}

const page: CSSProperties = {
  boxSizing: 'border-box',
  minHeight: '100vh',
  padding: '1.5rem',
  background: 'var(--bk-color-background)',
  color: 'var(--bk-color-text)',
  fontFamily: 'var(--bk-font-family)',
};

/** A page in the chosen palette, so that a story's surroundings match its components. */
export function StoryFrame(props: {
  appearance: 'light' | 'dark';
  locale: string;
  children: ReactNode;
}) {
  return (
    <div data-bk-theme={props.appearance} lang={props.locale} style={page}>
      {props.children}
    </div>
  );
}

/** The global decorator: the toolbar's theme and locale for every billing-kit component. */
export const withBillingUI: Decorator = (Story, context) => {
  const ui = storyUI(context.globals);
  return (
    <BillingUIProvider {...ui}>
      <StoryFrame appearance={ui.theme.appearance === 'dark' ? 'dark' : 'light'} locale={ui.locale}>
        <Story />
      </StoryFrame>
    </BillingUIProvider>
  );
};
