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
import { type CustomizableProps, mergeProps, toKebabCase, useParts } from './slots.js';

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
  test('refs from both sides are set and cleared', () => {
    const own = createRef<HTMLElement>();
    const seen: Array<HTMLElement | null> = [];
    const merged = mergeProps({ ref: own }, { ref: (node: HTMLElement | null) => seen.push(node) });
    const node = document.createElement('div');
    const cleanup = (merged.ref as (n: HTMLElement) => () => void)(node);
    expect(own.current).toBe(node);
    cleanup();
    expect(own.current).toBeNull();
    expect(seen).toEqual([node, null]);
  });

  test('a ref callback that returns a cleanup gets it called, not null', () => {
    const cleanupSpy = vi.fn();
    const calls: unknown[] = [];
    const merged = mergeProps({ ref: (n: unknown) => calls.push(n) }, { ref: () => cleanupSpy });
    const cleanup = (merged.ref as (n: unknown) => () => void)('node');
    cleanup();
    expect(cleanupSpy).toHaveBeenCalledOnce();
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
