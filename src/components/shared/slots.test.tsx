import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { type CSSProperties, createRef, type ReactNode, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, test, vi } from 'vitest';
import { renderWithBilling } from '../../../test/support/billing-harness.js';
import { type ConformanceRender, describeConformance } from '../../../test/support/conformance.js';
import { BillingUIProvider } from '../../react/ui-context.js';
import { DiscountField } from '../DiscountField/DiscountField.js';
import { useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { creditsHistoryMessages } from '../messages/sections/creditsHistory.js';
import {
  type CustomizableProps,
  mergeProps,
  type PartProps,
  toKebabCase,
  useParts,
} from './slots.js';

// A tiny component built the way every real one is: parts through `part()`, strings through
// `useMessages(commonMessages, creditsHistoryMessages)`, state on `data-state`.
type CounterPart = 'title' | 'value' | 'incrementButton';
interface CounterProps extends CustomizableProps<CounterPart> {
  onIncrement?: (count: number) => void;
}

function Counter(props: CounterProps) {
  const part = useParts('TestCounter', props);
  const t = useMessages(commonMessages, creditsHistoryMessages);
  const [count, setCount] = useState(0);
  return part('root', 'section', {
    'aria-label': t('creditsHistory.label'),
    'data-state': count === 0 ? 'empty' : 'counted',
    children: [
      part('title', 'h2', { key: 'title', children: t('creditsHistory.balance') }),
      part('value', 'output', { key: 'value', children: count }),
      part('incrementButton', 'button', {
        key: 'button',
        type: 'button',
        onClick: () => {
          setCount(count + 1);
          props.onIncrement?.(count + 1);
        },
        children: t('creditsHistory.credit'),
      }),
    ],
  });
}

function FancyTitle(props: { children?: ReactNode; 'data-slot'?: string }) {
  return (
    <h3 data-slot={props['data-slot']} className="fancy">
      ★ {props.children}
    </h3>
  );
}

// Replacements written as plain function components that pass every prop on, `ref` included.
function PlainValue(props: { children?: ReactNode }) {
  return <output {...props} className="plain" />;
}

function PlainInput(props: Record<string, unknown>) {
  return <input {...props} className="shop-input" />;
}

function withUI(ui: Parameters<typeof BillingUIProvider>[0], children: ReactNode) {
  return <BillingUIProvider {...ui}>{children}</BillingUIProvider>;
}

const counter: ConformanceRender<CounterPart> = (props, ui) => withUI(ui, <Counter {...props} />);
describeConformance<CounterPart>('TestCounter', {
  parts: { root: { states: ['empty', 'counted'] }, title: {}, value: {}, incrementButton: {} },
  states: {
    empty: { root: 'empty', render: counter, parts: ['title', 'value', 'incrementButton'] },
    counted: {
      root: 'counted',
      render: counter,
      reach: async ({ user, part }) => user.click(await part('incrementButton')),
      parts: ['title', 'value', 'incrementButton'],
    },
  },
  message: 'creditsHistory.balance',
  german: ['creditsHistory.balance'],
});

describe('useParts', () => {
  test('parts carry data-slot in kebab case, the root data-state from the component', async () => {
    render(<Counter />);
    const root = screen.getByRole('region', { name: 'Credits history' });
    expect(root).toHaveAttribute('data-slot', 'test-counter');
    expect(root).toHaveAttribute('data-state', 'empty');
    expect(screen.getByRole('heading')).toHaveAttribute('data-slot', 'test-counter-title');
    const button = screen.getByRole('button', { name: 'Credit' });
    expect(button).toHaveAttribute('data-slot', 'test-counter-increment-button');
    await userEvent.click(button);
    expect(root).toHaveAttribute('data-state', 'counted');
  });

  test('slotProps: classes joined, styles merged, handlers chained, data-slot and data-state kept', async () => {
    const clicks: string[] = [];
    render(
      <Counter
        className="shop-counter"
        style={{ color: 'red' }}
        onIncrement={() => clicks.push('component')}
        slotProps={{
          root: { className: 'from-slot', style: { padding: '3px' }, 'data-state': 'hacked' },
          incrementButton: {
            'data-slot': 'mine',
            onClick: () => clicks.push('seller'),
            title: 'Add one',
          },
        }}
      />,
    );
    const root = screen.getByRole('region');
    expect(root).toHaveClass('from-slot', 'shop-counter');
    expect(root.style.padding).toBe('3px');
    expect(root.style.color).toBe('red');
    expect(root).toHaveAttribute('data-state', 'empty');
    const button = screen.getByRole('button', { name: 'Credit' });
    expect(button).toHaveAttribute('data-slot', 'test-counter-increment-button');
    expect(button).toHaveAttribute('title', 'Add one');
    await userEvent.click(button);
    expect(clicks).toEqual(['component', 'seller']);
    expect(screen.getByRole('status')).toHaveTextContent('1');
  });

  test('the style prop wins over the theme variables on the root', () => {
    render(
      withUI(
        { theme: { variables: { colorPrimary: 'green', radius: '2px' } } },
        <Counter style={{ '--bk-color-primary': 'purple' } as CSSProperties} />,
      ),
    );
    const root = screen.getByRole('region');
    expect(root.style.getPropertyValue('--bk-color-primary')).toBe('purple');
    expect(root.style.getPropertyValue('--bk-radius')).toBe('2px');
  });

  test('a slot component replaces a part and receives its props and children', () => {
    render(<Counter slots={{ title: FancyTitle }} />);
    const heading = screen.getByRole('heading', { level: 3 });
    expect(heading).toHaveTextContent('★ Balance');
    expect(heading).toHaveAttribute('data-slot', 'test-counter-title');
  });

  test('a plain function component replacing a part gets its ref as a prop (on React 18 too)', () => {
    const errors = vi.spyOn(console, 'error');
    const ref = createRef<HTMLElement>();
    // `ref` is not among the typed slotProps, but passes through them like any prop.
    render(<Counter slots={{ value: PlainValue }} slotProps={{ value: { ref } as PartProps }} />);
    expect(ref.current).toBe(screen.getByRole('status'));
    expect(ref.current).toHaveClass('plain');
    // React 18 says so when a function component is given a ref it cannot take.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  test('messages follow the locale and the overrides', () => {
    render(
      withUI({ locale: 'de-DE', messages: { 'creditsHistory.credit': 'Aufladen' } }, <Counter />),
    );
    expect(screen.getByRole('heading')).toHaveTextContent('Guthaben');
    expect(screen.getByRole('button')).toHaveTextContent('Aufladen');
  });

  test('renders on the server', () => {
    const html = renderToString(withUI({ theme: { appearance: 'system' } }, <Counter unstyled />));
    expect(html).toContain('data-slot="test-counter"');
    expect(html).toContain('data-bk-theme="system"');
    expect(html).toContain('data-bk-unstyled=""');
    expect(html).toContain('data-slot="test-counter-increment-button"');
  });
});

describe('mergeProps', () => {
  // The merged ref returns nothing and is cleared by a call with null: React 18 and 19 both
  // make that call, and React 18.3 warns about a ref callback that returns a function.
  test('refs from both sides are set and cleared', () => {
    const own = createRef<HTMLElement>();
    const seen: Array<HTMLElement | null> = [];
    const merged = mergeProps({ ref: own }, { ref: (node: HTMLElement | null) => seen.push(node) });
    const ref = merged.ref as (n: HTMLElement | null) => unknown;
    const node = document.createElement('div');
    expect(ref(node)).toBeUndefined();
    expect(own.current).toBe(node);
    ref(null);
    expect(own.current).toBeNull();
    expect(seen).toEqual([node, null]);
  });

  test('a ref callback that returns a cleanup gets it called, never null, on React 18 too', () => {
    const cleanupSpy = vi.fn();
    const calls: unknown[] = [];
    const attached: unknown[] = [];
    const merged = mergeProps(
      { ref: (n: unknown) => calls.push(n) },
      {
        ref: (n: unknown) => {
          attached.push(n);
          return cleanupSpy;
        },
      },
    );
    const ref = merged.ref as (n: unknown) => unknown;
    expect(ref('node')).toBeUndefined();
    ref(null);
    expect(cleanupSpy).toHaveBeenCalledOnce();
    expect(attached).toEqual(['node']);
    expect(calls).toEqual(['node', null]);
  });

  test('undefined extra props leave the component’s in place', () => {
    expect(mergeProps({ title: 'a', className: 'x' }, { title: undefined, className: '' })).toEqual(
      { title: 'a', className: 'x' },
    );
  });
});

describe('slotProps never cut a part from its label or description', () => {
  test('an id and an aria-describedby given to an input: still labelled, both descriptions read', async () => {
    const user = userEvent.setup();
    renderWithBilling(
      <>
        <p id="my-hint">Codes from our newsletter work here.</p>
        <DiscountField
          productId="prod_pro_monthly"
          slotProps={{ input: { id: 'promo-code', 'aria-describedby': 'my-hint' } }}
        />
      </>,
    );
    const input = screen.getByLabelText('Discount code');
    expect(input).toHaveAttribute('data-slot', 'discount-field-input');
    await user.type(input, 'LAUNCH20{Enter}');
    await screen.findByText(/^Code LAUNCH20 applied/);
    expect(input).toHaveAccessibleDescription(/Code LAUNCH20 applied.*Codes from our newsletter/);
  });

  test('a plain function input replacing DiscountField’s: the field’s focus and a seller’s ref with a cleanup work', async () => {
    const user = userEvent.setup();
    const errors = vi.spyOn(console, 'error');
    const attached: unknown[] = [];
    const detached: unknown[] = [];
    const sellerRef = (node: HTMLElement | null) => {
      attached.push(node);
      return () => detached.push(node);
    };
    const { unmount } = renderWithBilling(
      <DiscountField
        productId="prod_pro_monthly"
        debounceMs={0}
        slots={{ input: PlainInput }}
        slotProps={{ input: { ref: sellerRef } as PartProps }}
      />,
    );
    const input = screen.getByLabelText('Discount code');
    expect(input).toHaveClass('shop-input');
    await user.type(input, 'LAUNCH20');
    await screen.findByText(/^Code LAUNCH20 applied/);
    // Remove hands the focus back to the field through the part's own ref.
    await user.click(screen.getByRole('button', { name: 'Remove code' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    unmount();
    // The seller's ref saw the input (possibly again, after a re-render), never null, and its
    // cleanup ran once per time it was set.
    expect(attached.length).toBeGreaterThan(0);
    expect(attached.every((node) => node === input)).toBe(true);
    expect(detached).toEqual(attached);
    // React 18.3 says so about a ref callback that returns a function, as the merged one did.
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  test('mergeProps keeps the part’s own id and htmlFor, and joins the aria references', () => {
    expect(
      mergeProps(
        { id: 'a', htmlFor: 'b', 'aria-describedby': 'c', 'aria-labelledby': 'd' },
        { id: 'x', htmlFor: 'y', 'aria-describedby': 'z c', 'aria-labelledby': 'w' },
      ),
    ).toEqual({ id: 'a', htmlFor: 'b', 'aria-describedby': 'c z', 'aria-labelledby': 'd w' });
    // A part without an id of its own takes the seller's.
    expect(mergeProps({}, { id: 'x', 'aria-describedby': 'z' })).toEqual({
      id: 'x',
      'aria-describedby': 'z',
    });
  });
});

test('toKebabCase', () => {
  expect(toKebabCase('PricingTable')).toBe('pricing-table');
  expect(toKebabCase('submitButton')).toBe('submit-button');
  expect(toKebabCase('card')).toBe('card');
});
