// The shared conformance suite: does a component honour the customisation contract?
//
//   describeConformance(
//     'PricingTable',
//     (props, ui) => (
//       <BillingProvider basePath="/api/billing" fetch={sandboxFetch} {...ui}>
//         <PricingTable {...props} />
//       </BillingProvider>
//     ),
//     { parts: ['card', 'price', 'button'], message: 'pricingTable.subscribe' },
//   );
//
// Pass `ui` on to whatever provider the component sits in: the suite sets theme and messages
// through it. Parts may appear after data loads; every check waits for them.
import { render, waitFor } from '@testing-library/react';
import { createElement, type ElementType, type ReactElement } from 'react';
import { describe, expect, test } from 'vitest';
import type { MessageKey } from '../../src/components/messages/index.js';
import {
  type CustomizableProps,
  type PartProps,
  toKebabCase,
} from '../../src/components/shared/slots.js';
import type { BillingUIProviderProps } from '../../src/react/ui-context.js';
import {
  type BillingHarness,
  BillingHarnessProvider,
  createTestQueryClient,
} from './billing-harness.js';

/** Theme, locale and messages for the provider the component is rendered in. */
export type ConformanceUI = Omit<BillingUIProviderProps, 'children'>;

/** Renders the component with the given customisation props inside a provider given `ui`. */
export type ConformanceRender<Part extends string> = (
  props: CustomizableProps<Part>,
  ui: ConformanceUI,
) => ReactElement;

export interface ConformanceOptions<Part extends string> {
  /** The parts (camelCase, without `root`) that this render shows once loaded. */
  parts: readonly Part[];
  /** A message whose text the render shows; the suite overrides it and looks for the change. */
  message: MessageKey;
}

/**
 * A conformance render of `element` inside the billing harness (the real proxy and sandbox),
 * with a fresh query cache each time: `harness` itself, or a new one per render from a function.
 */
export function inHarness<Part extends string>(
  harness: BillingHarness | (() => BillingHarness),
  element: (props: CustomizableProps<Part>) => ReactElement,
): ConformanceRender<Part> {
  return (props, ui) => (
    <BillingHarnessProvider
      harness={typeof harness === 'function' ? harness() : harness}
      queryClient={createTestQueryClient()}
      provider={ui}
    >
      {element(props)}
    </BillingHarnessProvider>
  );
}

const override = 'Conformance override text';

async function findSlot(slot: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = document.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
    if (!element) throw new Error(`no element with data-slot="${slot}" was rendered`);
    return element;
  });
}

/**
 * Registers the conformance tests of one component: className and style on the root with its
 * `data-slot`; `data-slot` on each listed part; `slots` replacing every part; `slotProps`
 * reaching every part; `unstyled`; a `messages` override shown; the dark theme and theme
 * variables on the root.
 *
 * @param name the component's name in PascalCase (`PricingTable` → `data-slot="pricing-table"`).
 */
export function describeConformance<Part extends string>(
  name: string,
  renderComponent: ConformanceRender<Part>,
  options: ConformanceOptions<Part>,
): void {
  const root = toKebabCase(name);
  const parts: Array<Part | 'root'> = ['root', ...options.parts];
  const slotOf = (part: Part | 'root') => (part === 'root' ? root : `${root}-${toKebabCase(part)}`);

  describe(`${name} conformance`, () => {
    test('className and style land on the root, which carries data-slot and data-bk-theme', async () => {
      render(renderComponent({ className: 'conformance-root', style: { marginTop: '7px' } }, {}));
      const element = await findSlot(root);
      expect(element).toHaveClass('conformance-root');
      expect(element.style.marginTop).toBe('7px');
      expect(element).toHaveAttribute('data-bk-theme', 'light');
      expect(element).not.toHaveAttribute('data-bk-unstyled');
    });

    test.each(options.parts.map((part) => [part, slotOf(part)]))(
      'part %s carries data-slot="%s"',
      async (_part, slot) => {
        render(renderComponent({}, {}));
        await findSlot(slot);
      },
    );

    test('slots replace every part, and the replacement gets the part’s props', async () => {
      // Learn each part's element first, so that a replacement keeps the markup valid.
      const first = render(renderComponent({}, {}));
      const tags = new Map<Part | 'root', string>();
      for (const part of parts) tags.set(part, (await findSlot(slotOf(part))).localName);
      first.unmount();

      const slots: Partial<Record<Part | 'root', ElementType>> = {};
      for (const part of parts) {
        const tag = tags.get(part) ?? 'div';
        slots[part] = (props: PartProps) =>
          createElement(tag, { ...props, 'data-conformance-replaced': '' });
      }
      render(renderComponent({ slots }, {}));
      for (const part of parts) {
        expect(await findSlot(slotOf(part))).toHaveAttribute('data-conformance-replaced');
      }
    });

    test('slotProps add props to every part', async () => {
      const slotProps: Partial<Record<Part | 'root', PartProps>> = {};
      for (const part of parts) {
        slotProps[part] = { className: `conformance-${part}`, 'data-conformance': part };
      }
      render(renderComponent({ slotProps }, {}));
      for (const part of parts) {
        const element = await findSlot(slotOf(part));
        expect(element).toHaveClass(`conformance-${part}`);
        expect(element).toHaveAttribute('data-conformance', part);
      }
    });

    test('unstyled sets data-bk-unstyled on the root', async () => {
      render(renderComponent({ unstyled: true }, {}));
      expect(await findSlot(root)).toHaveAttribute('data-bk-unstyled');
    });

    test(`a messages override of "${options.message}" changes what is shown`, async () => {
      const view = render(renderComponent({}, { messages: { [options.message]: override } }));
      await waitFor(() => expect(view.container.textContent).toContain(override));
    });

    test('the dark theme and theme variables reach the root', async () => {
      render(
        renderComponent(
          {},
          { theme: { appearance: 'dark', variables: { colorPrimary: 'rgb(1, 2, 3)' } } },
        ),
      );
      const element = await findSlot(root);
      expect(element).toHaveAttribute('data-bk-theme', 'dark');
      expect(element.style.getPropertyValue('--bk-color-primary')).toBe('rgb(1, 2, 3)');
    });
  });
}
