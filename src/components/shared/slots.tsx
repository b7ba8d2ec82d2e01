// The one customisation contract of every component: className and style on the root, `slots`
// to replace a part, `slotProps` to add props to a part, `unstyled` to drop the default look,
// `data-slot` on every part. A component renders each of its parts through `part(...)`:
//
//   export type PlanCardPart = 'title' | 'price' | 'button';
//   export interface PlanCardProps extends CustomizableProps<PlanCardPart> { plan: Plan }
//
//   export function PlanCard(props: PlanCardProps) {
//     const part = useParts('PlanCard', props);
//     const t = useMessages();
//     return part('root', 'article', {
//       'data-state': props.plan.current ? 'current' : 'available',
//       children: [
//         part('title', 'h3', { key: 'title', children: props.plan.name }),
//         part('button', 'button', { key: 'button', type: 'button', children: t('pricingTable.subscribe') }),
//       ],
//     });
//   }
import {
  type AllHTMLAttributes,
  type CSSProperties,
  createElement,
  type ElementType,
  forwardRef,
  type Key,
  type ReactElement,
  type ReactNode,
  type Ref,
  useMemo,
  version,
} from 'react';
import { themeToStyle, useBillingUI } from '../../react/ui-context.js';

/** `data-*` attributes, such as `data-state` or `data-testid`. */
export type DataAttributes = { [name: `data-${string}`]: string | number | boolean | undefined };

/** What a part accepts: any HTML attribute, ARIA attribute, event handler or `data-*`. */
export type PartProps = AllHTMLAttributes<HTMLElement> & DataAttributes;

/** Replacement elements or components for parts, by part name (`root` included). */
export type Slots<Part extends string> = Partial<Record<Part | 'root', ElementType>>;

/** Extra props for parts, by part name (`root` included). */
export type SlotProps<Part extends string> = Partial<Record<Part | 'root', PartProps>>;

/**
 * The customisation props every component takes. `Part` is the union of the component's
 * documented part names (camelCase); `root` is always a part as well.
 */
export interface CustomizableProps<Part extends string> {
  /** Class names for the root element, after any the component sets. Default: none. */
  className?: string;
  /** Inline style for the root element; wins over the theme's variables. Default: none. */
  style?: CSSProperties;
  /**
   * Drop the default look of `billing-kit/styles.css` for this component and everything in
   * it: the root carries `data-bk-unstyled`. `data-slot` and `data-state` stay, for your CSS.
   * Default: `false`.
   */
  unstyled?: boolean;
  /**
   * Replace a part with your own element or component, by part name. It receives every prop
   * the part would have had (children, `data-slot`, `data-state`, ARIA, handlers, `ref`);
   * forward them to the element you render. A plain function component gets `ref` as a prop
   * on React 18 too (one wrapped in `memo` needs `forwardRef` there). Default: none.
   */
  slots?: Slots<Part>;
  /**
   * Add props to a part, by part name. `className` is joined with the component's, `style`
   * merged over it, event handlers run after the component's own, `aria-describedby` and
   * `aria-labelledby` are joined with the component's; any other prop replaces the component's,
   * except `data-slot`, `data-state` and a part's own `id` and `htmlFor` (labels and
   * descriptions point at them), which stay. Default: none.
   */
  slotProps?: SlotProps<Part>;
}

/** The props a component gives one of its parts: `PartProps` plus `key` and `ref`. */
export type OwnPartProps = PartProps & { key?: Key; ref?: Ref<HTMLElement> };

/**
 * Renders one part: the replacement from `slots` or `element`, with the component's props,
 * the seller's `slotProps` and `data-slot` merged.
 */
export type PartRenderer<Part extends string> = (
  name: Part | 'root',
  element: ElementType,
  props?: OwnPartProps,
) => ReactElement;

type AnyProps = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;
type Cleanup = () => void;

/** `PricingTable` → `pricing-table`, `submitButton` → `submit-button`. */
export function toKebabCase(name: string): string {
  return name.replace(/[A-Z]/g, (c, index: number) => `${index > 0 ? '-' : ''}${c.toLowerCase()}`);
}

// React 19 hands a function component its `ref` as a prop; React 18 keeps it back (and warns).
const refIsProp = Number.parseInt(version, 10) > 18;
const refAsProp = new WeakMap<object, ElementType>();

/**
 * The type to render a part's replacement with. On React 18 a plain function component is
 * rendered through `forwardRef`, which hands it `ref` among its props, as React 19 does: the
 * part's ref (focus, measuring, the list's scroll box) reaches the element it renders. One
 * wrapper per component, so a replacement is never remounted for it.
 */
function slotType(type: ElementType): ElementType {
  if (refIsProp || typeof type !== 'function' || type.prototype?.isReactComponent) return type;
  let wrapped = refAsProp.get(type);
  if (!wrapped) {
    // (Its `defaultProps` stay behind, as React 19 ignores them on a function component.)
    const render = type as ((props: AnyProps) => ReactNode) & { displayName?: string };
    const forwarded = forwardRef<unknown, AnyProps>((props, ref) => render({ ...props, ref }));
    forwarded.displayName = render.displayName ?? render.name;
    wrapped = forwarded;
    refAsProp.set(type, wrapped);
  }
  return wrapped;
}

function setRef(ref: unknown, node: unknown): Cleanup | undefined {
  if (typeof ref === 'function') {
    const cleanup = ref(node);
    return typeof cleanup === 'function' ? (cleanup as Cleanup) : () => ref(null);
  }
  if (ref && typeof ref === 'object' && 'current' in ref) {
    (ref as { current: unknown }).current = node;
    return () => {
      (ref as { current: unknown }).current = null;
    };
  }
  return undefined;
}

/**
 * Merges `extra` into `base` the way `slotProps` merges into a part: class names joined,
 * styles merged (extra wins), event handlers chained (base first, then extra), refs both set,
 * `aria-describedby` and `aria-labelledby` joined, any other prop taken from `extra` when it is
 * defined, except the part's own `id` and `htmlFor`: labels and descriptions point at those.
 */
export function mergeProps(base: AnyProps, extra: AnyProps | undefined): AnyProps {
  if (!extra) return base;
  const merged: AnyProps = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) continue;
    const own = base[name];
    if ((name === 'id' || name === 'htmlFor') && own !== undefined) {
      // Kept: another part's label or description refers to it.
    } else if ((name === 'aria-describedby' || name === 'aria-labelledby') && own) {
      merged[name] = [...new Set(`${own} ${value}`.split(/\s+/).filter(Boolean))].join(' ');
    } else if (name === 'className' && typeof own === 'string' && own) {
      merged.className = typeof value === 'string' && value ? `${own} ${value}` : own;
    } else if (name === 'style' && own && typeof own === 'object') {
      merged.style = { ...own, ...(value as CSSProperties) };
    } else if (/^on[A-Z]/.test(name) && typeof own === 'function' && typeof value === 'function') {
      merged[name] = (...args: unknown[]) => {
        (own as Handler)(...args);
        return (value as Handler)(...args);
      };
    } else if (name === 'ref' && own) {
      // Returns nothing, so React 18 and 19 alike clear it with a call with null (React 18
      // never calls a cleanup a ref returns, and 18.3 warns about one). Each ref is then
      // cleaned up as React 19 would: by the cleanup it returned, if any, else with null.
      let cleanups: Array<Cleanup | undefined> = [];
      merged.ref = (node: unknown) => {
        for (const cleanup of cleanups) cleanup?.();
        cleanups = node === null ? [] : [setRef(own, node), setRef(value, node)];
      };
    } else {
      merged[name] = value;
    }
  }
  return merged;
}

/**
 * The part renderer of a component: `const part = useParts('PricingTable', props)`, then
 * `part('card', 'article', { 'data-state': state, children })` for each part. Parts carry
 * `data-slot="<component>-<part>"` in kebab case (`pricing-table-card`); the root carries
 * `data-slot="<component>"`, the theme's variables, `data-bk-theme`, the `className` and
 * `style` props, and `data-bk-unstyled` when `unstyled` is set.
 *
 * @param component the component's name in PascalCase, as in its error messages.
 * @param props the component's props (only the customisation props are read).
 */
export function useParts<Part extends string>(
  component: string,
  props: CustomizableProps<Part>,
): PartRenderer<Part> {
  const { theme } = useBillingUI();
  const { className, style, unstyled, slots, slotProps } = props;
  return useMemo(() => {
    const slot = toKebabCase(component);
    const themeStyle = themeToStyle(theme);
    return (name, element, own = {}) => {
      const ownProps = own as AnyProps;
      let merged = mergeProps(ownProps, slotProps?.[name] as AnyProps | undefined);
      if (name === 'root') {
        const partStyle = merged.style as CSSProperties | undefined;
        merged = mergeProps(
          { ...merged, style: { ...themeStyle, ...partStyle } },
          { className, style },
        );
        merged['data-bk-theme'] = theme.appearance;
        merged['data-bk-unstyled'] = unstyled ? '' : undefined;
      }
      merged['data-slot'] = name === 'root' ? slot : `${slot}-${toKebabCase(name)}`;
      if (ownProps['data-state'] !== undefined) merged['data-state'] = ownProps['data-state'];
      const replacement = slots?.[name];
      return createElement(replacement ? slotType(replacement) : element, merged);
    };
  }, [component, theme, className, style, unstyled, slots, slotProps]);
}
