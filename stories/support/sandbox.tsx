// A story decorator that runs the sandbox and the real proxy handler in the page, through the
// shared test harness (test/support/billing-harness.tsx), and wraps the story in a
// <BillingProvider> wired to them with the toolbar's theme and locale. Each story gets its own
// sandbox. A story may set up its harness through `parameters.sandbox`:
//
//   parameters: {
//     sandbox: { customer: 'cust_grace', prepare: (h) => h.failNext({ route: 'products', with: 503 }) },
//   }
//
// The harness's `navigate` records checkout and portal addresses instead of leaving the page.
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import {
  type BillingHarness,
  type BillingHarnessOptions,
  BillingHarnessProvider,
  createBillingHarness,
  createTestQueryClient,
} from '../../test/support/billing-harness.js';
import { storyUI } from './ui.js';

/** What a story may put in `parameters.sandbox`. */
export type SandboxParameters = BillingHarnessOptions & {
  /** Runs on the new harness before the story renders: hold or fail routes. Default: none. */
  prepare?: (harness: BillingHarness) => void;
};

/** The decorator: the story's own sandbox and proxy, set up from `parameters.sandbox`. */
export const withSandbox: Decorator = (Story, context) => {
  const params = (context.parameters.sandbox ?? {}) as SandboxParameters;
  const [stack] = useState(() => {
    const { prepare, ...options } = params;
    const harness = createBillingHarness(options);
    prepare?.(harness);
    return { harness, queryClient: createTestQueryClient() };
  });
  return (
    <BillingHarnessProvider
      harness={stack.harness}
      queryClient={stack.queryClient}
      provider={storyUI(context.globals)}
    >
      <Story />
    </BillingHarnessProvider>
  );
};
