// A story decorator that runs the sandbox and the real proxy handler in the page, through the
// shared test harness (test/support/billing-harness.tsx), and wraps the story in a
// <BillingProvider> wired to them with the toolbar's theme and locale. Each story gets its own
// sandbox. A story may set up its harness through `parameters.sandbox`:
//
//   parameters: {
//     sandbox: { customer: 'cust_grace', prepare: (h) => h.failNext({ route: 'products', with: 503 }) },
//   }
//
// Data the seed lacks goes into the sandbox (`customize`, see `sandbox.customize`), never into a
// component's props: the component then reads it through the proxy like any other.
//
// The harness's `navigate` records checkout and portal addresses instead of leaving the page.
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import type { SandboxData } from '../../src/sandbox/sandbox.js';
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
  /**
   * Changes the new sandbox's data before anything is asked (`sandbox.customize`): more
   * products, a subscription in another status. Products added here are sold by the proxy only
   * when `products` lists them (its default catalog is the seeded one). Default: none.
   */
  customize?: (data: SandboxData) => void;
  /** Runs on the new harness before the story renders: hold or fail routes. Default: none. */
  prepare?: (harness: BillingHarness) => void;
};

/** The decorator: the story's own sandbox and proxy, set up from `parameters.sandbox`. */
export const withSandbox: Decorator = (Story, context) => {
  const params = (context.parameters.sandbox ?? {}) as SandboxParameters;
  const [stack] = useState(() => {
    const { customize, prepare, ...options } = params;
    const harness = createBillingHarness(options);
    if (customize) harness.sandbox.customize(customize);
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
