// The shared conformance suite: does a component honour the customisation contract in every
// state it has, not only once loaded?
//
//   describeConformance<PortalButtonPart>('PortalButton', {
//     parts: {
//       root: { states: portalButtonStates },
//       button: { states: portalButtonStates },
//       error: { states: ['failed'] },
//       …every part of the component's `<Name>Part` union, and why any is not rendered here…
//     },
//     states: {
//       idle: { root: 'idle', parts: ['button', 'status'], render: inHarness(…) },
//       failed: { root: 'failed', parts: ['error'], render: …, reach: ({ user, part }) => … },
//     },
//     message: 'portalButton.label',
//     german: ['portalButton.label'],
//   });
//
// A render passes `ui` on to whatever provider the component sits in: the suite sets theme,
// locale and messages through it. Parts may appear after data loads; every check waits for the
// state's root `data-state` and its parts. Flows (`reach`) find what they click by `data-slot`,
// so the same steps work in German and with parts replaced.
import { type RenderResult, render, waitFor } from '@testing-library/react';
import { type UserEvent, userEvent } from '@testing-library/user-event';
import { createElement, type ElementType, type ReactElement } from 'react';
import { describe, expect, test } from 'vitest';
import { de, en, type MessageKey, placeholders } from '../../src/components/messages/index.js';
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

/** What the suite knows of one documented part. */
export type PartContract = {
  /**
   * Every `data-state` value the part may carry, as its JSDoc or exported type lists them. A
   * part without it must carry no `data-state`. Default: none.
   */
  states?: readonly string[];
  /**
   * For a part that none of the suite's states shows: the flow or environment that shows it,
   * and why the suite does not go there. Default: none (some state must show the part).
   */
  onlyThrough?: string;
};

/** What a flow gets to reach its state. */
export type ConformanceReach = {
  user: UserEvent;
  /** The first element of a part of this component (by its `data-slot`), once it is there. */
  part: (name: string) => Promise<HTMLElement>;
};

/** One state of the component, as a seller's customer meets it. */
export type ConformanceState<Part extends string> = {
  /** Renders the component in (or on the way to) this state. */
  render: ConformanceRender<Part>;
  /** The root's `data-state` in this state: every check waits for it. */
  root: string;
  /** The parts this state shows, each at least once: every check waits for them. */
  parts: readonly Part[];
  /** What the customer does after the render to get here (a flow). Default: nothing. */
  reach?: (context: ConformanceReach) => Promise<void>;
};

/** Options of `describeConformance`. */
export interface ConformanceOptions<Part extends string> {
  /**
   * Every part the component documents (its `<Name>Part` union) and `root`, with the
   * `data-state` values each may carry. Pass the union as the type argument, so that a part
   * missing here fails to compile.
   */
  parts: { readonly [P in Part | 'root']: PartContract };
  /**
   * The states to render, by name (loading, failed, empty, … and those a flow reaches). The
   * first one is where the general checks run (className, theme, messages, German strings).
   */
  states: Readonly<Record<string, ConformanceState<Part>>>;
  /** A message the first state shows; the suite overrides it and looks for the change. */
  message: MessageKey;
  /** Messages without placeholders whose German text the first state shows with locale `de`. */
  german: readonly MessageKey[];
}

/**
 * A conformance render of `element` inside the billing harness (the real proxy and sandbox),
 * with a fresh query cache each time: `harness` itself, or a new one per render from a function
 * (which may hold or fail routes on it first).
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

/** How long a state may take to show (a few requests through the in-process proxy). */
const SETTLE = { timeout: 5_000 };

function bySlot(slot: string): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>(`[data-slot="${slot}"]`));
}

async function findSlot(slot: string): Promise<HTMLElement> {
  return waitFor(() => {
    const [element] = bySlot(slot);
    if (!element) throw new Error(`no element with data-slot="${slot}" was rendered`);
    return element;
  }, SETTLE);
}

/** Controls and widgets: each must be reached by Tab and have an accessible name. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  ...['button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'slider', 'spinbutton']
    .concat(['combobox', 'textbox', 'menuitem', 'option'])
    .map((role) => `[role="${role}"]`),
].join(', ');
/**
 * What a keyboard user must be able to reach: the controls, and whatever else the component
 * puts in the tab order (a list's focused row, a scroll box); those are named by their content.
 */
const INTERACTIVE = `${CONTROLS}, [tabindex]:not([tabindex="-1"])`;

function describeElement(element: Element): string {
  const slot = element.closest('[data-slot]')?.getAttribute('data-slot');
  const name = element.getAttribute('name');
  return `<${element.localName}${name ? ` name="${name}"` : ''}> in ${slot ?? 'no part'}`;
}

/** The text a user meets in `root`: its text and the strings in naming attributes. */
function shownText(root: HTMLElement): string {
  return shownStrings(root).join('\n');
}

/**
 * Each piece of text a user meets in `root`, whole: every text node, every element's text and
 * every naming attribute's value. A catalogue message is one of these, not a word inside the
 * service's own (English) data, such as a product's description.
 */
function shownStrings(root: HTMLElement): string[] {
  const attributes = ['aria-label', 'aria-valuetext', 'title', 'placeholder', 'alt'];
  const strings = new Set<string>();
  const add = (text: string | null | undefined) => {
    const trimmed = text?.trim();
    if (trimmed) strings.add(trimmed);
  };
  for (const element of [root, ...root.querySelectorAll('*')]) {
    add(element.textContent);
    for (const node of element.childNodes)
      if (node.nodeType === Node.TEXT_NODE) add(node.textContent);
    for (const name of attributes) add(element.getAttribute(name));
  }
  return [...strings];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every English catalogue message that German replaces, as a pattern over a whole piece of
 * shown text (its placeholders match anything): those with at least four letters of their own.
 */
const englishMessages: ReadonlyArray<{ key: MessageKey; pattern: RegExp }> = (
  Object.keys(en) as MessageKey[]
)
  .filter((key) => en[key] !== de[key])
  .filter((key) => (en[key].replace(/\{\w+\}/g, '').match(/\p{L}/gu) ?? []).length >= 4)
  .map((key) => ({
    key,
    pattern: new RegExp(
      `^${en[key]
        .split(/\{\w+\}/)
        .map(escapeRegExp)
        .join('[\\s\\S]+?')}$`,
    ),
  }));

/**
 * Registers the conformance tests of one component. For the component as a whole: every
 * documented part is shown by one of the states or named with the flow that shows it;
 * className and style on the root with its `data-slot`; `unstyled`; a `messages` override
 * shown; the dark theme and theme variables on the root. For every state: each part it lists
 * carries its `data-slot`, every `data-slot` of the component is a documented part and every
 * `data-state` one of that part's documented values; `slots` replace and `slotProps` reach every
 * part shown; with locale `de` no English catalogue string is left (and the first state shows
 * the German of `german`); every interactive element is reached by Tab and has a name.
 *
 * @param name the component's name in PascalCase (`PricingTable` → `data-slot="pricing-table"`).
 */
export function describeConformance<Part extends string>(
  name: string,
  options: ConformanceOptions<Part>,
): void {
  const root = toKebabCase(name);
  const slotOf = (part: Part | 'root') => (part === 'root' ? root : `${root}-${toKebabCase(part)}`);
  const contracts = options.parts as Readonly<Record<Part | 'root', PartContract>>;
  const documented = Object.keys(contracts) as Array<Part | 'root'>;
  const partBySlot = new Map(documented.map((part) => [slotOf(part), part]));
  const states = Object.entries(options.states) as Array<[string, ConformanceState<Part>]>;
  const first = states[0]?.[1];
  if (!first) throw new TypeError(`conformance: ${name} needs at least one state`);

  /** Renders a state and waits until it shows, with the flow that leads there if any. */
  async function show(
    state: ConformanceState<Part>,
    props: CustomizableProps<Part>,
    ui: ConformanceUI,
  ): Promise<{ view: RenderResult; user: UserEvent; element: HTMLElement }> {
    // Set up before the render: user-event's clipboard is what the component then finds.
    const user = userEvent.setup();
    const view = render(state.render(props, ui));
    if (state.reach) {
      await state.reach({ user, part: (part) => findSlot(`${root}-${toKebabCase(part)}`) });
    }
    const element = await waitFor(() => {
      const [element] = bySlot(root);
      expect(element, `${name} root`).toBeDefined();
      expect(element).toHaveAttribute('data-state', state.root);
      for (const part of state.parts) {
        expect(bySlot(slotOf(part)), `part ${part} (data-slot="${slotOf(part)}")`).not.toEqual([]);
      }
      return element as HTMLElement;
    }, SETTLE);
    return { view, user, element };
  }

  describe(`${name} conformance`, () => {
    test('every documented part is shown by a state below, or named with the flow that shows it', () => {
      const problems: string[] = [];
      for (const part of documented) {
        if (part === 'root') continue;
        const shownIn = states.filter(([, s]) => s.parts.includes(part)).map(([n]) => n);
        const { onlyThrough } = contracts[part];
        if (onlyThrough && shownIn.length > 0) {
          problems.push(`${part} is shown in ${shownIn.join(', ')}: drop its onlyThrough`);
        }
        if (!onlyThrough && shownIn.length === 0) {
          problems.push(`${part} is shown by no state, and no flow is named for it`);
        }
      }
      for (const [stateName, state] of states) {
        if (!contracts.root.states?.includes(state.root)) {
          problems.push(`state ${stateName}: root data-state "${state.root}" is not documented`);
        }
      }
      expect(problems).toEqual([]);
    });

    test('className and style land on the root, which carries data-slot and data-bk-theme', async () => {
      const { element } = await show(
        first,
        { className: 'conformance-root', style: { marginTop: '7px' } },
        {},
      );
      expect(element).toHaveClass('conformance-root');
      expect(element.style.marginTop).toBe('7px');
      expect(element).toHaveAttribute('data-bk-theme', 'light');
      expect(element).not.toHaveAttribute('data-bk-unstyled');
    });

    test('unstyled sets data-bk-unstyled on the root', async () => {
      const { element } = await show(first, { unstyled: true }, {});
      expect(element).toHaveAttribute('data-bk-unstyled');
    });

    test(`a messages override of "${options.message}" changes what is shown`, async () => {
      const { view } = await show(first, {}, { messages: { [options.message]: override } });
      await waitFor(() => expect(view.container.textContent).toContain(override));
    });

    test('the dark theme and theme variables reach the root', async () => {
      const { element } = await show(
        first,
        {},
        { theme: { appearance: 'dark', variables: { colorPrimary: 'rgb(1, 2, 3)' } } },
      );
      expect(element).toHaveAttribute('data-bk-theme', 'dark');
      expect(element.style.getPropertyValue('--bk-color-primary')).toBe('rgb(1, 2, 3)');
    });

    test.each(options.german)('locale "de" shows the German of %s', async (key) => {
      expect(placeholders(en[key]), `${key} must have no placeholders`).toEqual([]);
      const { element } = await show(first, {}, { locale: 'de' });
      const text = shownText(element);
      expect(text).toContain(de[key]);
      expect(text).not.toContain(en[key]);
    });

    describe.each(states)('state %s', (_stateName, state) => {
      test('its parts carry data-slot; every data-slot is a documented part, every data-state a documented value', async () => {
        const { element } = await show(state, {}, {});
        const problems: string[] = [];
        for (const node of [element, ...element.querySelectorAll<HTMLElement>('[data-slot]')]) {
          const slot = node.getAttribute('data-slot') ?? '';
          // Another component's parts (DiscountField in CheckoutForm) are checked in its suite.
          if (slot !== root && !slot.startsWith(`${root}-`)) continue;
          const part = partBySlot.get(slot);
          if (!part) {
            problems.push(`data-slot="${slot}" is not a documented part`);
            continue;
          }
          const value = node.getAttribute('data-state');
          if (value === null) continue;
          const allowed = contracts[part].states;
          if (!allowed) problems.push(`${part} carries data-state="${value}" but documents none`);
          else if (!allowed.includes(value)) {
            problems.push(`${part} data-state="${value}" is not one of ${allowed.join(' | ')}`);
          }
        }
        expect([...new Set(problems)]).toEqual([]);
      });

      test('slots replace every part shown, and the replacement gets the part’s props', async () => {
        // Learn each part's element first, so that a replacement keeps the markup valid.
        const parts: Array<Part | 'root'> = ['root', ...state.parts];
        const learned = await show(state, {}, {});
        const tags = new Map(parts.map((part) => [part, bySlot(slotOf(part))[0]?.localName]));
        learned.view.unmount();

        const slots: Partial<Record<Part | 'root', ElementType>> = {};
        for (const part of parts) {
          slots[part] = (props: PartProps) =>
            createElement(tags.get(part) ?? 'div', { ...props, 'data-conformance-replaced': '' });
        }
        await show(state, { slots }, {});
        for (const part of parts) {
          for (const node of bySlot(slotOf(part))) {
            expect(node, `part ${part}`).toHaveAttribute('data-conformance-replaced');
          }
        }
      });

      test('slotProps add props to every part shown', async () => {
        const parts: Array<Part | 'root'> = ['root', ...state.parts];
        const slotProps: Partial<Record<Part | 'root', PartProps>> = {};
        for (const part of parts) {
          slotProps[part] = { className: `conformance-${part}`, 'data-conformance': part };
        }
        await show(state, { slotProps }, {});
        for (const part of parts) {
          for (const node of bySlot(slotOf(part))) {
            expect(node).toHaveClass(`conformance-${part}`);
            expect(node).toHaveAttribute('data-conformance', part);
          }
        }
      });

      test('locale "de": no English catalogue string is left', async () => {
        const { element } = await show(state, {}, { locale: 'de' });
        const strings = shownStrings(element);
        const left = englishMessages
          .filter(({ pattern }) => strings.some((text) => pattern.test(text)))
          .map(({ key }) => `${key}: "${en[key]}"`);
        expect(left).toEqual([]);
      });

      test('keyboard: every interactive element is reached by Tab and has an accessible name', async () => {
        const { element, user } = await show(state, {}, {});
        const interactive = [element, ...element.querySelectorAll<HTMLElement>(INTERACTIVE)]
          .filter((node) => node.matches(INTERACTIVE) && !node.matches(':disabled'))
          .filter((node) => !node.closest('[inert], [aria-hidden="true"]'));
        for (const node of interactive.filter((n) => n.matches(CONTROLS))) {
          expect(node, `${describeElement(node)} has no accessible name`).toHaveAccessibleName();
        }
        (document.activeElement as HTMLElement | null)?.blur?.();
        const reached = new Set<Element>();
        for (let i = 0; i <= interactive.length + 50; i++) {
          await user.tab();
          if (document.activeElement === document.body) break;
          if (document.activeElement) reached.add(document.activeElement);
        }
        const radioReached = (radio: HTMLInputElement) =>
          [...reached].some(
            (node) =>
              node instanceof HTMLInputElement &&
              node.type === 'radio' &&
              node.name === radio.name &&
              node.form === radio.form,
          );
        const unreached = interactive.filter((node) =>
          node instanceof HTMLInputElement && node.type === 'radio' && node.name
            ? !radioReached(node)
            : !reached.has(node),
        );
        expect(unreached.map(describeElement)).toEqual([]);
      });
    });
  });
}
