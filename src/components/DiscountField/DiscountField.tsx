'use client';
// A discount code input with a live check: what the buyer types is checked through the proxy
// (`discountOptions`) once they stop typing, press Enter or Apply, or leave the field, and the
// field says plainly whether the code applies, and if not, why. Usable on its own or inside
// `CheckoutForm`.
import { useQuery } from '@tanstack/react-query';
import {
  type KeyboardEvent,
  type Ref,
  type RefCallback,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import type { BillingError } from '../../client/error.js';
import type { DiscountPreview } from '../../contract/proxy.js';
import { useBillingContext } from '../../react/context.js';
import { discountOptions } from '../../react/options.js';
import { useProducts } from '../../react/queries.js';
import { type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { discountFieldMessages } from '../messages/sections/discountField.js';
import { type Formatters, useMoney } from '../shared/format.js';
import { type CustomizableProps, useParts } from '../shared/slots.js';
import {
  type DiscountReason,
  type DiscountTarget,
  discountReason,
  refusedReason,
} from './discount.js';

export type { DiscountReason } from './discount.js';

/**
 * The parts of `DiscountField`: `label`, `control` (holds the input and its button), `input`,
 * `applyAction` (check now), `removeAction` (shown once a code is applied) and `message` (the
 * live result: checking, applied with what it takes off, or why not). The root, `control`,
 * `input` and `message` carry the same `data-state`: a `DiscountFieldStatus` (`invalid` while
 * the `error` prop is set).
 */
export type DiscountFieldPart =
  | 'label'
  | 'control'
  | 'input'
  | 'applyAction'
  | 'removeAction'
  | 'message';

/**
 * Where the field is: `idle` (no code), `checking` (waiting for the buyer to pause, or asking
 * the proxy), `applied`, `invalid` (see the reason) or `failed` (the check itself failed, or
 * the proxy checks no more codes for now: too many were checked).
 */
export type DiscountFieldStatus = 'idle' | 'checking' | 'applied' | 'invalid' | 'failed';

/** The result of the live check, as `onCheckChange` reports it. */
export type DiscountCheck = {
  status: DiscountFieldStatus;
  /** The code as typed, trimmed. */
  code: string;
  /** The code's preview while `applied`. */
  preview: DiscountPreview | null;
  /** Why the code cannot be used while `invalid`. */
  reason: DiscountReason | null;
  /** Why the check failed while `failed`. */
  error: BillingError | null;
};

/** Why the value changed: the buyer typed, or removed an applied code. */
export type DiscountFieldChangeDetails = { reason: 'input' | 'remove' };

/** Props of `DiscountField`. */
export interface DiscountFieldProps extends CustomizableProps<DiscountFieldPart> {
  /** The code (controlled). Default: uncontrolled, starting from `defaultValue`. */
  value?: string;
  /** The code to start with when uncontrolled; it is checked at once. Default: `''`. */
  defaultValue?: string;
  /** Called with the new code when the buyer types or removes it. Default: none. */
  onValueChange?: (value: string, details: DiscountFieldChangeDetails) => void;
  /**
   * The product the code is for: a code that does not apply to it (or is a fixed amount in
   * another currency) is refused with that reason. A fixed amount waits for the catalog to tell
   * the product's currency (`checking`), and is `failed` while the catalog cannot be loaded.
   * Default: none (any product of the catalog).
   */
  productId?: string;
  /** Called once each time a code becomes applied, with its preview. Default: none. */
  onApply?: (preview: DiscountPreview) => void;
  /** Called whenever the check's result changes. Default: none. */
  onCheckChange?: (check: DiscountCheck) => void;
  /**
   * How long the buyer must stop typing before the code is checked, in ms. Enter, Apply and
   * leaving the field check at once. The proxy checks only so many codes a minute per buyer (it
   * stops codes being guessed), and a checkout with a code is refused once they are used: the
   * pause is long enough that a code typed key by key, even slowly, is checked once, not once
   * per key. Default: `1000`.
   */
  debounceMs?: number;
  /**
   * An error to show instead of the check's result, with the input marked invalid, such as the
   * service refusing the code at checkout. Clear it when the value changes. Default: none.
   */
  error?: string | null;
  /** A ref to the input element, to focus it. Default: none. */
  inputRef?: Ref<HTMLInputElement>;
  /** Disables the input and its buttons. Default: `false`. */
  disabled?: boolean;
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) (ref as { current: T | null }).current = node;
}

/**
 * What the applied code takes off, in words: "20% off for 3 months". A fixed amount is in the
 * preview's currency, else in `currency`; with neither, the discount's name is said instead.
 * One month is said in the singular, as the catalogue's languages say it. For a product bought
 * once (`oneTime`), a code for every payment or for some months says only what it takes off
 * ("20% off"): there is one payment, and a discount's months apply only to a subscription.
 *
 * @param currency the product's currency, for a fixed amount without its own. Default: none.
 * @param oneTime whether the product is bought once (`billing_type` `onetime`). Default: `false`.
 */
export function describeDiscount(
  preview: DiscountPreview,
  t: Translate,
  money: Formatters['money'],
  currency?: string,
  oneTime = false,
): string {
  const inCurrency = preview.currency ?? currency;
  const off =
    preview.type === 'percentage'
      ? t('discountField.percentOff', { percent: preview.percentage ?? preview.amount ?? 0 })
      : inCurrency
        ? t('discountField.amountOff', { amount: money(preview.amount ?? 0, inCurrency) })
        : preview.name;
  // A one-time product's one payment is its first: `once` still says so.
  if (oneTime && preview.duration !== 'once') return off;
  return preview.duration === 'once'
    ? t('discountField.duration.once', { off })
    : preview.duration === 'forever'
      ? t('discountField.duration.forever', { off })
      : preview.duration === 'repeating' && preview.duration_in_months
        ? t(
            // The catalogue's languages (English, German) say only one month in the singular;
            // not the page locale's rules (Japanese has no singular: "for 1 months").
            preview.duration_in_months === 1
              ? 'discountField.duration.repeating.one'
              : 'discountField.duration.repeating',
            { off, months: preview.duration_in_months },
          )
        : off;
}

/**
 * What the field says when the proxy refused to check a code, or to start a checkout with one,
 * because too many codes were checked (a 429, `rate_limited`): when to try again (the answer's
 * `Retry-After` in whole seconds, "in 42 seconds", else "shortly"), or to remove the code and go
 * on without it. Every word comes from the catalogue, so the sentence is in one language: the
 * catalogue's (English for a locale it has no language for, such as fr-FR), never the locale's.
 */
export function rateLimitedMessage(error: BillingError, t: Translate): string {
  const ms = error.retryAfterMs;
  const seconds = ms && ms > 0 ? Math.ceil(ms / 1000) : 0;
  return t('discountField.rateLimited', {
    when:
      seconds > 0
        ? // English and German, the catalogue's languages, say the singular of 1 alone (the
          // locale's plural rules would not: Japanese has no singular).
          t(seconds === 1 ? 'discountField.rateLimited.in.one' : 'discountField.rateLimited.in', {
            seconds,
          })
        : t('discountField.rateLimited.soon'),
  });
}

/** The longest a typed code waits to be checked, by default (see `debounceMs`). */
const DEFAULT_DEBOUNCE_MS = 1000;

const reasonMessage = {
  expired: 'discountField.expired',
  unknown: 'discountField.unknown',
  notForProduct: 'discountField.notForProduct',
} as const;

/**
 * A discount code field with a live check against the catalog.
 *
 * @example
 * ```tsx
 * <DiscountField productId="prod_pro_monthly" onApply={(preview) => setDiscount(preview)} />
 * ```
 */
export function DiscountField(props: DiscountFieldProps) {
  const {
    value: controlled,
    defaultValue = '',
    onValueChange,
    productId,
    onApply,
    onCheckChange,
    debounceMs = DEFAULT_DEBOUNCE_MS,
    error: externalError,
    inputRef,
    disabled = false,
  } = props;
  const { client, queryClient } = useBillingContext('DiscountField');
  const part = useParts<DiscountFieldPart>('DiscountField', props);
  const t = useMessages(commonMessages, discountFieldMessages);
  const money = useMoney();
  const id = useId();
  const inputId = `${id}-input`;
  const messageId = `${id}-message`;

  const [uncontrolled, setUncontrolled] = useState(defaultValue);
  const value = controlled ?? uncontrolled;
  const code = value.trim();
  // The code being checked: the typed code once the buyer stops typing (or presses Enter or
  // Apply, or leaves the field). Only it is asked: a code half typed is not.
  const [checked, setChecked] = useState(code);
  const [removed, setRemoved] = useState(false);

  useEffect(() => {
    if (code === checked) return;
    if (code === '') {
      setChecked('');
      return;
    }
    const timer = setTimeout(() => setChecked(code), debounceMs);
    return () => clearTimeout(timer);
  }, [code, checked, debounceMs]);

  // One request per code while its answer is fresh: a preview (React Query's `staleTime`), and
  // a refusal (404: unknown, expired) as long, which React Query would ask again each time the
  // code came back (an error holds no data, so it is always stale). A blank code is not asked.
  const base = discountOptions(client, { code: checked });
  const query = useQuery(
    {
      ...base,
      enabled: ({ state }) =>
        base.enabled !== false &&
        !(
          state.error?.kind === 'not_found' &&
          Date.now() - state.errorUpdatedAt < (base.staleTime as number)
        ),
    },
    queryClient,
  );
  const products = useProducts({ enabled: productId !== undefined });
  const product = productId ? products.data?.find((p) => p.id === productId) : undefined;
  const target: DiscountTarget | undefined = productId
    ? { id: productId, currency: product?.currency ?? '' }
    : undefined;

  let status: DiscountFieldStatus;
  let preview: DiscountPreview | null = null;
  let reason: DiscountReason | null = null;
  let failure: BillingError | null = null;
  if (code === '') status = 'idle';
  else if (code !== checked) status = 'checking';
  else if (query.isError) {
    // The client refuses to ask for a code that is a path's `.` or `..` (URL parsing would
    // resolve it to another route), naming `code`: no code can be checked, or used, so.
    const unaskable =
      query.error.kind === 'invalid_request' &&
      query.error.status === 0 &&
      query.error.fields?.some((f) => f.field === 'code') === true;
    if (query.error.kind === 'not_found' || unaskable) {
      status = 'invalid';
      reason = refusedReason(query.error);
    } else {
      status = 'failed';
      failure = query.error;
    }
  } else if (query.data) {
    const verdict = discountReason(query.data, target);
    if (verdict !== 'currencyUnknown') {
      reason = verdict;
      status = reason ? 'invalid' : 'applied';
      preview = reason ? null : query.data;
    } else if (products.isError) {
      // A fixed amount is only good in the product's currency: without the catalog, no answer.
      status = 'failed';
      failure = products.error;
    } else if (products.isPending) status = 'checking';
    else {
      // The catalog came without the product: it cannot be bought here, with or without a code.
      status = 'invalid';
      reason = 'notForProduct';
    }
  } else status = 'checking';

  const latest = useRef({ onApply, onCheckChange });
  latest.current = { onApply, onCheckChange };
  const appliedCode = useRef<string | null>(null);
  useEffect(() => {
    latest.current.onCheckChange?.({ status, code, preview, reason, error: failure });
    if (status === 'applied' && preview && appliedCode.current !== code) {
      appliedCode.current = code;
      latest.current.onApply?.(preview);
    }
    if (status !== 'applied') appliedCode.current = null;
  }, [status, code, preview, reason, failure]);

  const ownInput = useRef<HTMLInputElement | null>(null);
  const setInput: RefCallback<HTMLInputElement> = useCallback(
    (node) => {
      ownInput.current = node;
      assignRef(inputRef, node);
    },
    [inputRef],
  );

  const change = (next: string, reasonOfChange: DiscountFieldChangeDetails['reason']) => {
    if (controlled === undefined) setUncontrolled(next);
    setRemoved(reasonOfChange === 'remove');
    onValueChange?.(next, { reason: reasonOfChange });
  };
  const applyNow = () => {
    if (code === '') return;
    if (code !== checked) setChecked(code);
    else if (status === 'failed' && query.isError) void query.refetch();
    else if (products.isError) void products.refetch();
  };
  const remove = () => {
    change('', 'remove');
    setChecked('');
    ownInput.current?.focus();
  };

  const shownStatus: DiscountFieldStatus = externalError ? 'invalid' : status;
  let message = '';
  if (externalError) message = externalError;
  else if (status === 'applied' && preview) {
    const discount = describeDiscount(
      preview,
      t,
      money,
      product?.currency,
      product?.billing_type === 'onetime',
    );
    message = t('discountField.applied', { code: preview.code, discount });
  } else if (status === 'invalid' && reason) message = t(reasonMessage[reason]);
  else if (status === 'failed' && failure === query.error && failure?.kind === 'rate_limited') {
    // The code's own check refused (429): not the catalog's loading, which checks no code.
    message = rateLimitedMessage(failure, t);
  } else if (status === 'failed') message = t('discountField.failed');
  else if (status === 'checking' && code === checked) message = t('discountField.checking');
  else if (status === 'idle' && removed) message = t('discountField.removed');

  const invalid = shownStatus === 'invalid' || shownStatus === 'failed';
  return (
    <>
      {part('root', 'div', {
        'data-state': shownStatus,
        children: (
          <>
            {part('label', 'label', {
              htmlFor: inputId,
              children: t('discountField.label'),
            })}
            {part('control', 'div', {
              'data-state': shownStatus,
              children: (
                <>
                  {part('input', 'input', {
                    ref: setInput as Ref<HTMLElement>,
                    id: inputId,
                    type: 'text',
                    name: 'discount_code',
                    value,
                    placeholder: t('discountField.placeholder'),
                    autoComplete: 'off',
                    autoCapitalize: 'characters',
                    spellCheck: false,
                    maxLength: 100,
                    disabled,
                    'aria-invalid': invalid || undefined,
                    'aria-describedby': messageId,
                    'data-state': shownStatus,
                    onChange: (event) => change((event.target as HTMLInputElement).value, 'input'),
                    // Leaving the field checks what was typed (Enter and Apply, below, also
                    // ask again after a failure).
                    onBlur: () => code && setChecked(code),
                    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
                      // Inside a form, Enter checks the code instead of submitting the form.
                      if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                        event.preventDefault();
                        applyNow();
                      }
                    },
                  })}
                  {status === 'applied'
                    ? part('removeAction', 'button', {
                        type: 'button',
                        disabled,
                        onClick: remove,
                        children: t('discountField.remove'),
                      })
                    : part('applyAction', 'button', {
                        type: 'button',
                        disabled: disabled || code === '',
                        onClick: applyNow,
                        children: t('discountField.apply'),
                      })}
                </>
              ),
            })}
            {part('message', 'p', {
              id: messageId,
              role: 'status',
              'data-state': shownStatus,
              children: message,
            })}
          </>
        ),
      })}
    </>
  );
}
