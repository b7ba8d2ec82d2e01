'use client';
// The checkout form for one product: what is bought and for how much, units, a discount code
// with a live check, the product's custom fields checked by the service's rules, and the
// button that starts the checkout and sends the buyer to the payment page.
import {
  type FormEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { BillingError } from '../../client/error.js';
import type { Checkout, Product } from '../../contract/schemas.js';
import { assignLocation, useBillingContext } from '../../react/context.js';
import { billingKeys } from '../../react/keys.js';
import { type CheckoutInput, type CheckoutState, useCheckout } from '../../react/mutations.js';
import { useProducts } from '../../react/queries.js';
import {
  type DiscountCheck,
  DiscountField,
  rateLimitedMessage,
} from '../DiscountField/DiscountField.js';
import { discountOff } from '../DiscountField/discount.js';
import { type MessageKey, useMessages } from '../messages/index.js';
import { checkoutFormMessages } from '../messages/sections/checkoutForm.js';
import { commonMessages } from '../messages/sections/common.js';
import { discountFieldMessages } from '../messages/sections/discountField.js';
import { useFieldFocus } from '../shared/field-focus.js';
import { useMoney } from '../shared/format.js';
import { NewTabHint, parseLinkMarkup, renderLinkMarkup } from '../shared/markup.js';
import { useBeforePaint } from '../shared/measure.js';
import { type CustomizableProps, useParts } from '../shared/slots.js';
import { visuallyHidden } from '../shared/visually-hidden.js';
import {
  answersToMetadata,
  assertCustomFieldsProp,
  type CheckoutMetadata,
  type CustomFieldDefinition,
  checkAnswer,
  type FieldAnswers,
  type FormField,
  normaliseFields,
} from './fields.js';

/**
 * The parts of `CheckoutForm`, for `slots` and `slotProps` (`data-slot="checkout-form-<part>"`
 * in kebab case). The root is a `section` whose `data-state` is a `CheckoutFormState`.
 * - States: `skeleton` (loading; `data-state` `loading`), `loadError` (`role="alert"`;
 *   `data-state` `error`) with `retryAction` (moves the focus to the root, `tabIndex={-1}`,
 *   then to `name` once the form is there), `empty` (no such product; `data-state` `empty`).
 * - The form: `form` (`data-state`: the checkout's `CheckoutState`, `idle | submitting |
 *   redirecting | failed`); the summary: `summary`, `name`, `description`, `price`, `period`
 *   (`data-state`: the product's billing period, such as `every-month`, `once` for a one-time
 *   product, and a period this version does not know as the service sent it), `tax` (only for
 *   a known tax mode; `data-state` `inclusive | exclusive`).
 * - Units: `unitsField` and `unitsInput` (`data-state` `valid | invalid`), `unitsLabel`,
 *   `unitsError` (`data-state` `invalid`).
 * - `discount`: holds the `DiscountField` (whose own parts carry `data-slot="discount-field-*"`);
 *   `data-state`: the code's `DiscountFieldStatus` (`invalid` too while the service's refusal
 *   of the code at checkout shows, or the proxy's refusal of a checkout with a code because too
 *   many codes were checked).
 * - Custom fields: `field` (one per field; `data-type` `text | checkbox`; `data-state` `valid |
 *   invalid`), `fieldLabel`, `fieldDescription` (a text field's least length), `fieldInput`
 *   (`data-state` `valid | invalid`), `fieldCounter` (characters typed, once trimmed as the
 *   service counts them, against a text field's most length; `data-state` `within | over`),
 *   `fieldError` (`data-state` `invalid`), `checkbox` (`data-state` `checked | unchecked`),
 *   `checkboxLabel`; `fieldsNote` when the checkout page asks them.
 * - `totals` with its rows: `subtotal` (when units or a discount change it), `discountAmount`
 *   (what an applied code takes off) and `total`; `totals` and `total` have `data-state`
 *   `discounted` while a code takes something off, else `full`. `alert` (a failure not tied to
 *   a field; `data-state` `failed`), `status` (live progress) and `submitButton` (both with
 *   `data-state` as the form's).
 */
export type CheckoutFormPart =
  | 'skeleton'
  | 'loadError'
  | 'retryAction'
  | 'empty'
  | 'form'
  | 'summary'
  | 'name'
  | 'description'
  | 'price'
  | 'period'
  | 'tax'
  | 'unitsField'
  | 'unitsLabel'
  | 'unitsInput'
  | 'unitsError'
  | 'discount'
  | 'field'
  | 'fieldLabel'
  | 'fieldDescription'
  | 'fieldInput'
  | 'fieldCounter'
  | 'fieldError'
  | 'checkbox'
  | 'checkboxLabel'
  | 'fieldsNote'
  | 'totals'
  | 'subtotal'
  | 'discountAmount'
  | 'total'
  | 'alert'
  | 'status'
  | 'submitButton';

/**
 * What the root's `data-state` says: `loading` (the catalog is on its way), `error` (the
 * catalog could not be loaded), `empty` (the product is not in the catalog), `ready` (the
 * form is shown).
 */
export type CheckoutFormState = 'loading' | 'error' | 'empty' | 'ready';

/** Where the custom fields are asked: in this form, or on the service's checkout page. */
export type CheckoutFormCollect = 'storefront' | 'checkout';

/** Props of `CheckoutForm`. */
export interface CheckoutFormProps extends CustomizableProps<CheckoutFormPart> {
  /**
   * The product to buy; it must be in the proxy's catalog. Another id starts the form afresh:
   * its answers (from `defaultAnswers` and the new product's prefilled values), code and
   * errors; the focus, if it was in the form, moves to the new product's name. The form makes
   * one checkout at a time whatever its product: while one for the product before is on its
   * way, the new product's form is busy (`submitting`) and cannot be sent, and that checkout's
   * answer is dropped (the buyer is not sent to it, neither `onSuccess` nor `onError` is called),
   * after which the form can be sent. Back to that product before its answer, it is followed as
   * usual. Once the buyer is sent to the payment page, the new product's form stays busy while
   * the page leaves (the provider's default `navigate`); with a `navigate` of the app's own (a
   * router, an overlay), which may stay on the page, it can be sent at once. Required.
   */
  productId: string;
  /** Let the buyer choose how many units to buy. Default: `false` (one unit). */
  allowUnits?: boolean;
  /** The most units the buyer may choose, when `allowUnits`. Default: `100`. */
  maxUnits?: number;
  /** The units to start with, when `allowUnits`. Default: `1`. */
  defaultUnits?: number;
  /** A discount code to start with; it is checked at once. Default: `''`. */
  defaultDiscountCode?: string;
  /**
   * The custom fields to ask, in the service's response form (a product's `custom_fields`) or
   * request form (`text.min_length`); at most three. They must keep the service's rules (keys
   * of 1 to 200 letters and digits, each used once; labels of 1 to 200 characters; a least
   * length no greater than `max_length`), else the component throws an error naming the
   * definition. Default: the product's `custom_fields`.
   */
  customFields?: readonly CustomFieldDefinition[];
  /**
   * Where the custom fields are asked. `storefront`: in this form, checked by the service's
   * rules, and the answers sent in the checkout's `metadata`, one key per field key (text
   * trimmed and left out when an optional field is blank; a checkbox as `"true"` or
   * `"false"`), with an empty `custom_fields` list so the checkout page does not ask them
   * again. `checkout`: the definitions are sent as the checkout's `custom_fields` and the
   * service's checkout page asks them; this form only says so. Default: `'storefront'`.
   */
  collect?: CheckoutFormCollect;
  /** Answers to start with, by field key (text, or a checkbox's `true`). Default: none. */
  defaultAnswers?: Readonly<FieldAnswers>;
  /**
   * Metadata for the checkout, merged with the answers (an answer wins over a key of the same
   * name). Default: none.
   */
  metadata?: Readonly<CheckoutMetadata>;
  /**
   * Where the payment page sends the buyer after paying; it must be on an origin the proxy
   * allows. Default: the proxy picks one and always sends it: the product's
   * `default_success_url` when it is an http(s) address on an origin the proxy allows
   * (`allowedOrigins`, by default its own), else the home page (`/`) of the page's origin;
   * when it skips a product's address, it tells the proxy's `onError` (not this form's).
   */
  successUrl?: string;
  /**
   * Called once the checkout exists, as the buyer is sent to its page; not for a checkout of a
   * product that is no longer `productId` (the buyer is not sent to it). Default: none.
   */
  onSuccess?: (checkout: Checkout, body: CheckoutInput) => void;
  /**
   * Called when the checkout could not be started (the input stays); not for a checkout of a
   * product that is no longer `productId` (its form is gone). Default: none.
   */
  onError?: (error: BillingError, body: CheckoutInput) => void;
}

const periodKeys: Record<string, MessageKey> = {
  'every-day': 'checkoutForm.period.every-day',
  'every-month': 'checkoutForm.period.every-month',
  'every-three-months': 'checkoutForm.period.every-three-months',
  'every-six-months': 'checkoutForm.period.every-six-months',
  'every-year': 'checkoutForm.period.every-year',
  once: 'checkoutForm.period.once',
};

/** Marks the fields a refused checkout names, in the form of the product shown. */
type Refuse = (error: BillingError, body: CheckoutInput) => void;

const UNITS = 'units';
const DISCOUNT = 'discount';
const fieldSlot = (key: string) => `field:${key}`;

/**
 * A checkout form for one product of the catalog: what is bought and for how much, units, a
 * discount code with a live check, the product's custom fields, and the button that starts the
 * checkout and sends the buyer to the payment page.
 *
 * Errors. Units and custom fields are checked by the service's rules before anything is sent.
 * When the service still refuses the checkout (a 400), every field it refused (the units when
 * `allowUnits`, the discount code, a custom field asked in this form) is marked invalid
 * (`aria-invalid`, `data-state="invalid"`), the first one takes the focus, and its error says
 * so in the form's own words, in the buyer's language: "Quantity was not accepted by the
 * billing service. Please check it." (`checkoutForm.fieldRefused`; a refused discount code is
 * checked again, so that its field says why). The service's own wording is never shown: the
 * proxy passes on only which fields were refused, because that wording can quote what was sent
 * or name other customers' data. A checkout with a code that the proxy refuses because the buyer
 * checked too many codes (a 429; it stops codes being guessed) marks the code field: "Too many
 * codes have been checked. Please try again in 42 seconds, or remove the code to continue."
 * (`discountField.rateLimited`, the same words as the field's own check). A failure tied to no
 * field shows in the `alert` part ("… Please try again."), and a signed-out buyer (401) is
 * asked there to sign in (`common.signIn`). What was typed stays.
 *
 * Another product. One checkout at a time, whatever the product: a checkout still on its way
 * when `productId` changes keeps the new product's form busy (it cannot be sent), and its answer
 * is not followed (no redirect to the product before, no `onSuccess` or `onError`); the form is
 * then ready to be sent for the product shown. Which product is shown is read when the answer
 * arrives, so a `productId` changed by a router just before it is respected. After a redirect,
 * another product's form stays busy only while the page leaves (the default `navigate`).
 *
 * @example
 * ```tsx
 * <CheckoutForm productId="prod_team_quarterly" allowUnits maxUnits={10} />
 * ```
 */
export function CheckoutForm(props: CheckoutFormProps) {
  const { navigate } = useBillingContext('CheckoutForm');
  // The caller's definitions are checked before anything is loaded or sent (three fields at
  // most, so on every render): like any prop misuse, refused here rather than shown to the
  // buyer as a checkout that cannot start.
  if (props.customFields) assertCustomFieldsProp(props.customFields);
  const part = useParts<CheckoutFormPart>('CheckoutForm', props);
  const t = useMessages(commonMessages, checkoutFormMessages, discountFieldMessages);
  const products = useProducts();
  const product = products.data?.find((p) => p.id === props.productId);
  // Try again moves the focus to the root, which stays through the loading (and the alert
  // again, if the retry fails too); the form then takes it to the product's name.
  const retried = useRef(false);
  const rootRef = useRef<HTMLElement | null>(null);
  // Set when a product's form goes (another `productId`) while it holds the focus: the next
  // product's form takes it to its name, rather than leave it on the page's body.
  const handOver = useRef(false);
  // Both are for the form of this render only (its effects run before this one): a later
  // form, of another product, neither takes the focus after a retry nor after a hand-over.
  useEffect(() => {
    if (product) retried.current = false;
    handOver.current = false;
  });

  // One checkout per form, across products (issue 6: no second submit while one is in flight):
  // the form of a new `productId` stays busy until the checkout of the one before settles. An
  // answer for a product no longer shown is not followed (no redirect, no callback) and is
  // forgotten, so that the form of the product shown can be sent. Which product is shown is
  // read when the answer arrives (`shown`, set as each render commits), not baked into this
  // render's callbacks: the hook hands a render's options to the checkout on its way only in
  // a later effect, and an answer can land between the commit of a new product and that effect.
  // `sentFor` is the product of the last checkout sent (on its way, failed or followed).
  const shown = useRef(props.productId);
  useBeforePaint(() => {
    shown.current = props.productId;
  });
  const [sentFor, setSentFor] = useState<string | null>(null);
  const stale = sentFor !== null && sentFor !== props.productId;
  const refuser = useRef<Refuse | null>(null);
  const { state, checkout, reset } = useCheckout({
    follow: (body) => shown.current === body.product_id,
    onSuccess: (created, body) => {
      if (shown.current !== body.product_id) return reset();
      props.onSuccess?.(created, body);
    },
    onError: (error, body) => {
      if (shown.current !== body.product_id) return reset();
      refuser.current?.(error, body);
      props.onError?.(error, body);
    },
  });
  // What keeps another product's form busy: a checkout on its way, or one followed with the
  // default `navigate` (the page is leaving). A `navigate` of the app's own (a router, an
  // overlay) may stay on the page: nothing is in flight, so the new product's form can be sent.
  const carried =
    state === 'submitting' || (state === 'redirecting' && navigate === assignLocation);
  const send = useCallback(
    (body: CheckoutInput) => {
      setSentFor(body.product_id);
      return checkout(body);
    },
    [checkout],
  );
  // A failure (or a redirect that did not leave) of the product before is not the new
  // product's: its form starts `idle`.
  useEffect(() => {
    if (carried || !stale) return;
    setSentFor(null);
    reset();
  }, [carried, stale, reset]);

  if (products.isPending) {
    return part('root', 'section', {
      'aria-label': t('checkoutForm.label'),
      'aria-busy': true,
      'data-state': 'loading',
      tabIndex: -1,
      ref: rootRef,
      children: part('skeleton', 'div', {
        'data-state': 'loading',
        children: <span style={visuallyHidden}>{t('checkoutForm.loading')}</span>,
      }),
    });
  }
  // A failed background refetch keeps its data: the form (and what the buyer typed) stays.
  if (products.isError && !products.data) {
    return part('root', 'section', {
      'aria-label': t('checkoutForm.label'),
      'data-state': 'error',
      tabIndex: -1,
      ref: rootRef,
      children: part('loadError', 'div', {
        role: 'alert',
        'data-state': 'error',
        children: (
          <>
            {t('checkoutForm.loadError')}{' '}
            {part('retryAction', 'button', {
              type: 'button',
              onClick: () => {
                retried.current = true;
                rootRef.current?.focus();
                void products.refetch();
              },
              children: t('common.retry'),
            })}
          </>
        ),
      }),
    });
  }
  if (!product) {
    return part('root', 'section', {
      'aria-label': t('checkoutForm.label'),
      'data-state': 'empty',
      children: part('empty', 'p', {
        'data-state': 'empty',
        children: t('checkoutForm.unavailable'),
      }),
    });
  }
  // One form per product: a new `productId` starts every answer, the code, the errors and the
  // checkout afresh (the new product's `defaultAnswers` and prefilled values too), so nothing
  // the buyer gave for one product is shown or sent for another.
  return (
    <CheckoutFormReady
      key={product.id}
      {...props}
      product={product}
      focusName={retried.current}
      handOver={handOver}
      state={carried || !stale ? state : 'idle'}
      send={send}
      refuser={refuser}
    />
  );
}

type ReadyProps = CheckoutFormProps & {
  product: Product;
  focusName: boolean;
  handOver: { current: boolean };
  /** The form's checkout, which may be one of the product before (then only while busy). */
  state: CheckoutState;
  send: (body: CheckoutInput) => Promise<void>;
  /** Where this form puts its `refuse`, for a refusal of its product's checkout. */
  refuser: { current: Refuse | null };
};

function CheckoutFormReady(props: ReadyProps) {
  const {
    product,
    allowUnits = false,
    maxUnits = 100,
    defaultUnits = 1,
    defaultDiscountCode = '',
    collect = 'storefront',
    defaultAnswers,
    customFields,
    metadata,
    successUrl,
  } = props;
  const part = useParts<CheckoutFormPart>('CheckoutForm', props);
  const t = useMessages(commonMessages, checkoutFormMessages, discountFieldMessages);
  const formatMoney = useMoney();
  const id = useId();
  const { queryClient } = useBillingContext('CheckoutForm');

  const fields = useMemo(
    () => normaliseFields(customFields ?? product.custom_fields ?? []),
    [customFields, product.custom_fields],
  );
  const askHere = collect === 'storefront';

  const [units, setUnits] = useState(String(defaultUnits));
  const [code, setCode] = useState(defaultDiscountCode);
  const [discount, setDiscount] = useState<DiscountCheck | null>(null);
  const [answers, setAnswers] = useState<FieldAnswers>(() => {
    const initial: FieldAnswers = {};
    for (const field of fields) {
      initial[field.key] =
        defaultAnswers?.[field.key] ?? field.value ?? (field.type === 'checkbox' ? false : '');
    }
    return initial;
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The code field's error is the proxy's refusal to check more codes for now (429), not a
  // refusal of the code: it still takes its discount off the total.
  const [codeLimited, setCodeLimited] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const controls = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, Ref<HTMLElement>>());
  const register = useCallback((slot: string): Ref<HTMLElement> => {
    let ref = refs.current.get(slot);
    if (!ref) {
      ref = (node: HTMLElement | null) => {
        if (node) controls.current.set(slot, node);
        else controls.current.delete(slot);
      };
      refs.current.set(slot, ref);
    }
    return ref;
  }, []);

  const checkUnits = (text: string): string | null => {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= maxUnits
      ? null
      : t('checkoutForm.unitsRange', { max: maxUnits });
  };
  const checkField = (field: FormField, answer: string | boolean | undefined): string | null => {
    const problem = checkAnswer(field, answer);
    return problem ? t(problem.key, 'values' in problem ? problem.values : undefined) : null;
  };
  const setError = (slot: string, message: string | null) =>
    setErrors((current) => {
      if ((current[slot] ?? null) === message) return current;
      const next = { ...current };
      if (message === null) delete next[slot];
      else next[slot] = message;
      return next;
    });

  const refuse = (error: BillingError, body: CheckoutInput) => {
    // The proxy counts a checkout with a code as a code checked, and refuses it (429) once the
    // buyer checked too many: the code field says when to try again, or to go on without it.
    // The answer does not say whether it was that or the service being busy (also a 429, with
    // its Retry-After); trying again then is right either way. A 429 without a code can only
    // be the latter: the alert below, as any failure tied to no field.
    if (error.kind === 'rate_limited' && body.discount_code !== undefined) {
      setErrors({ [DISCOUNT]: rateLimitedMessage(error, t) });
      setCodeLimited(true);
      setAlert(null);
      fieldFocus.request(DISCOUNT);
      return;
    }
    setCodeLimited(false);
    const found: Record<string, string> = {};
    let unmapped = error.kind !== 'invalid_request';
    // The proxy names each refused field (the service's own refusals too, by the field sent).
    const issues = error.fields ?? [];
    if (issues.length === 0) unmapped = true;
    for (const issue of issues) {
      const custom = /^(?:custom_fields\.(\d+)|metadata\.(\w+))/.exec(issue.field);
      const field = custom
        ? custom[1] !== undefined
          ? fields[Number(custom[1])]
          : fields.find((f) => f.key === custom[2])
        : undefined;
      // The proxy names the field but keeps the service's wording back (it can quote other
      // customers' data), so the form says it in the buyer's language.
      const refused = (label: string) => t('checkoutForm.fieldRefused', { label });
      if (issue.field === 'units' && allowUnits) {
        found[UNITS] ??= refused(t('checkoutForm.units'));
      } else if (issue.field === 'discount_code') {
        // The live check said yes earlier: ask again, so the field says why now (expired,
        // unknown…). This text shows until it does, or if the check still says yes.
        found[DISCOUNT] ??= t('discountField.unknown');
        void queryClient.invalidateQueries({ queryKey: billingKeys.discounts.all });
      } else if (field && askHere) {
        found[fieldSlot(field.key)] ??= refused(field.label);
      } else {
        unmapped = true;
      }
    }
    setErrors(found);
    // Signed out (401): trying again cannot help, signing in can.
    setAlert(unmapped ? t(error.status === 401 ? 'common.signIn' : 'checkoutForm.failed') : null);
    const first = [UNITS, DISCOUNT, ...fields.map((f) => fieldSlot(f.key))].find(
      (slot) => found[slot] !== undefined,
    );
    if (first) fieldFocus.request(first);
  };

  const { state, send, refuser } = props;
  useEffect(() => {
    refuser.current = refuse;
    return () => {
      if (refuser.current === refuse) refuser.current = null;
    };
  });
  // While busy, inputs are read-only rather than disabled, so focus stays where it is.
  const busy = state === 'submitting' || state === 'redirecting';

  // The focus waits while the form is busy: the code field is disabled then. A refusal can
  // render before the checkout's failure does (React 18 renders them apart; so does React 19
  // when the app's QueryClient settles mutations late), so the request waits for that render.
  const fieldFocus = useFieldFocus((slot: string) => controls.current.get(slot), busy);
  const inFlight = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || busy) return;
    const found: Record<string, string> = {};
    if (allowUnits) {
      const problem = checkUnits(units);
      if (problem) found[UNITS] = problem;
    }
    const typed = code.trim();
    if (typed !== '' && discount?.code === typed && discount.status === 'invalid') {
      // The field already says why; the buyer fixes or removes the code.
      found[DISCOUNT] = '';
    }
    if (askHere) {
      for (const field of fields) {
        const problem = checkField(field, answers[field.key]);
        if (problem) found[fieldSlot(field.key)] = problem;
      }
    }
    const order = [UNITS, DISCOUNT, ...fields.map((f) => fieldSlot(f.key))];
    const first = order.find((slot) => found[slot] !== undefined);
    setAlert(null);
    setCodeLimited(false);
    if (first) {
      delete found[DISCOUNT];
      setErrors(found);
      fieldFocus.request(first);
      return;
    }
    setErrors({});

    const body: CheckoutInput = { product_id: product.id };
    if (allowUnits) body.units = Number(units);
    if (typed !== '') body.discount_code = typed;
    if (successUrl !== undefined) body.success_url = successUrl;
    const sent: CheckoutMetadata = { ...metadata };
    if (fields.length > 0) {
      if (askHere) {
        Object.assign(sent, answersToMetadata(fields, answers));
        body.custom_fields = [];
      } else {
        body.custom_fields = fields.map((field) => field.input);
      }
    }
    if (Object.keys(sent).length > 0) body.metadata = sent;
    inFlight.current = true;
    try {
      await send(body);
    } finally {
      inFlight.current = false;
    }
  };

  // -- what is shown ---------------------------------------------------------------------------
  const nameId = `${id}-name`;
  const { focusName, handOver } = props;
  const rootRef = useRef<HTMLElement | null>(null);
  // After Try again brought the form (see `retried`), or when the form of the product before
  // had the focus: the name takes it.
  useEffect(() => {
    if (!focusName && !handOver.current) return;
    handOver.current = false;
    rootRef.current?.querySelector<HTMLElement>(`[id="${nameId}"]`)?.focus();
  }, [focusName, nameId, handOver]);
  // Before the DOM of this product's form is removed (another `productId`): was the focus in it?
  useBeforePaint(() => {
    const root = rootRef.current;
    return () => {
      const active = (root?.getRootNode() as Document | ShadowRoot | undefined)?.activeElement;
      if (root && active && root.contains(active)) handOver.current = true;
    };
  }, [handOver]);
  // The links in checkbox labels point here: the hint is their description, outside any label.
  const newTabHintId = `${id}-new-tab`;
  // Priced only as the form would send it: a quantity it refuses (past `maxUnits`, 2.5, 1e3)
  // is priced as one unit, never as typed.
  const validUnits = allowUnits && checkUnits(units) === null ? Number(units) : 1;
  const subtotal = product.price * validUnits;
  // A code the service refused at submit takes nothing off, whatever the live check said; one
  // the proxy would not check for now (429) still does.
  const applied =
    discount?.status === 'applied' &&
    discount.code === code.trim() &&
    (errors[DISCOUNT] === undefined || codeLimited);
  const off = applied && discount.preview ? discountOff(discount.preview, subtotal) : 0;
  const money = (cents: number) => formatMoney(cents, product.currency);
  const period = product.billing_type === 'onetime' ? 'once' : product.billing_period;
  // A mode that is missing or not known yet says nothing, rather than a guess.
  const taxText =
    product.tax_mode === 'inclusive'
      ? t('checkoutForm.taxIncluded')
      : product.tax_mode === 'exclusive'
        ? t('checkoutForm.plusTax')
        : null;

  const describedBy = (...ids: Array<string | false | undefined>) =>
    ids.filter(Boolean).join(' ') || undefined;

  const renderField = (field: FormField, index: number): ReactNode => {
    const slot = fieldSlot(field.key);
    const inputId = `${id}-field-${index}`;
    const errorId = `${inputId}-error`;
    const counterId = `${inputId}-counter`;
    const hintId = `${inputId}-hint`;
    const error = errors[slot];
    const answer = answers[field.key];
    const labelText = field.optional
      ? t('checkoutForm.optional', { label: field.label })
      : field.label;
    const change = (next: string | boolean) => {
      setAnswers((current) => ({ ...current, [field.key]: next }));
      // Once marked, a field's error follows what the buyer types.
      if (error !== undefined) setError(slot, checkField(field, next));
    };
    const errorPart =
      error !== undefined
        ? part('fieldError', 'p', { id: errorId, 'data-state': 'invalid', children: error })
        : null;

    if (field.type === 'checkbox') {
      return part('field', 'fieldset', {
        key: field.key,
        'data-state': error !== undefined ? 'invalid' : 'valid',
        'data-type': 'checkbox',
        children: (
          <>
            {part('fieldLabel', 'legend', {
              children: labelText,
            })}
            {part('checkboxLabel', 'label', {
              htmlFor: inputId,
              children: (
                <>
                  {part('checkbox', 'input', {
                    ref: register(slot),
                    id: inputId,
                    type: 'checkbox',
                    name: field.key,
                    checked: answer === true,
                    required: !field.optional,
                    // Not `disabled`: Enter here submits, and a disabled box would drop focus.
                    'aria-disabled': busy || undefined,
                    'aria-invalid': error !== undefined || undefined,
                    'aria-describedby': describedBy(error !== undefined && errorId),
                    'data-state': answer === true ? 'checked' : 'unchecked',
                    onChange: (event) => busy || change((event.target as HTMLInputElement).checked),
                  })}{' '}
                  {renderLinkMarkup(field.checkboxLabel ?? field.label, { newTabHintId })}
                </>
              ),
            })}
            {errorPart}
          </>
        ),
      });
    }
    const text = typeof answer === 'string' ? answer : '';
    // The service counts the answer once trimmed; so does the counter. No `maxLength` on the
    // input: it would cap the untrimmed text and silently drop characters the service accepts.
    const length = text.trim().length;
    const min = field.minLength ?? 0;
    return part('field', 'div', {
      key: field.key,
      'data-state': error !== undefined ? 'invalid' : 'valid',
      'data-type': 'text',
      children: (
        <>
          {part('fieldLabel', 'label', {
            htmlFor: inputId,
            children: labelText,
          })}
          {min > 1 &&
            part('fieldDescription', 'p', {
              id: hintId,
              children: t('checkoutForm.minLength', { min }),
            })}
          {part('fieldInput', 'input', {
            ref: register(slot),
            id: inputId,
            type: 'text',
            name: field.key,
            value: text,
            required: !field.optional,
            readOnly: busy,
            'aria-invalid': error !== undefined || undefined,
            'aria-describedby': describedBy(
              error !== undefined && errorId,
              min > 1 && hintId,
              field.maxLength !== undefined && counterId,
            ),
            'data-state': error !== undefined ? 'invalid' : 'valid',
            onChange: (event) => change((event.target as HTMLInputElement).value),
          })}
          {field.maxLength !== undefined
            ? part('fieldCounter', 'span', {
                id: counterId,
                'data-state': length > field.maxLength ? 'over' : 'within',
                children: t('checkoutForm.characterCount', {
                  count: length,
                  max: field.maxLength,
                }),
              })
            : null}
          {errorPart}
        </>
      ),
    });
  };

  const unitsId = `${id}-units`;
  const unitsError = errors[UNITS];
  // The list's words come from the catalogue, as the sentence's do: in one language (English
  // for a locale it has no language for, such as fr-FR), never the locale's ("A et B").
  const fieldsNote = (): string => {
    const labels = fields.map((f) => f.label);
    const last = labels.at(-1) ?? '';
    const list =
      labels.length < 2
        ? last
        : labels.length === 2
          ? t('checkoutForm.fieldsAtCheckout.two', { first: labels[0] ?? '', second: last })
          : t('checkoutForm.fieldsAtCheckout.more', { rest: labels.slice(0, -1).join(', '), last });
    return t('checkoutForm.fieldsAtCheckout', { fields: list });
  };
  const progress =
    state === 'submitting'
      ? t('checkoutForm.submitting')
      : state === 'redirecting'
        ? t('checkoutForm.redirecting')
        : '';

  return part('root', 'section', {
    'aria-label': t('checkoutForm.label'),
    'data-state': 'ready',
    ref: rootRef,
    children: part('form', 'form', {
      noValidate: true,
      'aria-labelledby': nameId,
      'aria-busy': busy || undefined,
      'data-state': state satisfies CheckoutState,
      onSubmit: submit,
      children: (
        <>
          {part('summary', 'div', {
            children: (
              <>
                {part('name', 'h2', { id: nameId, tabIndex: -1, children: product.name })}
                {product.description
                  ? part('description', 'p', { children: product.description })
                  : null}
                {part('price', 'p', {
                  children: (
                    <>
                      {allowUnits
                        ? t('checkoutForm.unitPrice', { amount: money(product.price) })
                        : money(product.price)}
                    </>
                  ),
                })}
                {part('period', 'p', {
                  'data-state': period,
                  children: t(periodKeys[period] ?? 'checkoutForm.period.unknown'),
                })}
                {taxText && part('tax', 'p', { 'data-state': product.tax_mode, children: taxText })}
              </>
            ),
          })}
          {allowUnits
            ? part('unitsField', 'div', {
                'data-state': unitsError !== undefined ? 'invalid' : 'valid',
                children: (
                  <>
                    {part('unitsLabel', 'label', {
                      htmlFor: unitsId,
                      children: t('checkoutForm.units'),
                    })}
                    {part('unitsInput', 'input', {
                      ref: register(UNITS),
                      id: unitsId,
                      type: 'number',
                      name: 'units',
                      inputMode: 'numeric',
                      min: 1,
                      max: maxUnits,
                      step: 1,
                      value: units,
                      readOnly: busy,
                      'aria-invalid': unitsError !== undefined || undefined,
                      'aria-describedby': describedBy(
                        unitsError !== undefined && `${unitsId}-error`,
                      ),
                      'data-state': unitsError !== undefined ? 'invalid' : 'valid',
                      onChange: (event) => {
                        const next = (event.target as HTMLInputElement).value;
                        setUnits(next);
                        if (unitsError !== undefined) setError(UNITS, checkUnits(next));
                      },
                    })}
                    {unitsError !== undefined
                      ? part('unitsError', 'p', {
                          id: `${unitsId}-error`,
                          'data-state': 'invalid',
                          children: unitsError,
                        })
                      : null}
                  </>
                ),
              })
            : null}
          {part('discount', 'div', {
            'data-state': errors[DISCOUNT] !== undefined ? 'invalid' : (discount?.status ?? 'idle'),
            children: (
              <DiscountField
                productId={product.id}
                value={code}
                onValueChange={(next) => {
                  setCode(next);
                  setError(DISCOUNT, null);
                  setCodeLimited(false);
                }}
                onCheckChange={setDiscount}
                error={discount?.status === 'invalid' ? null : (errors[DISCOUNT] ?? null)}
                inputRef={register(DISCOUNT) as Ref<HTMLInputElement>}
                disabled={busy}
                unstyled={props.unstyled}
              />
            ),
          })}
          {fields.length > 0 ? (
            askHere ? (
              <>
                {fields.map(renderField)}
                {fields.some(
                  (field) =>
                    field.type === 'checkbox' &&
                    parseLinkMarkup(field.checkboxLabel ?? field.label).some(
                      (segment) => segment.type === 'link',
                    ),
                ) ? (
                  <NewTabHint id={newTabHintId}>{t('common.opensInNewTab')}</NewTabHint>
                ) : null}
              </>
            ) : (
              part('fieldsNote', 'p', { children: fieldsNote() })
            )
          ) : null}
          {part('totals', 'dl', {
            'data-state': off > 0 ? 'discounted' : 'full',
            children: (
              <>
                {validUnits > 1 || off > 0
                  ? part('subtotal', 'div', {
                      children: (
                        <>
                          <dt>{t('checkoutForm.subtotal')}</dt>
                          <dd>{money(subtotal)}</dd>
                        </>
                      ),
                    })
                  : null}
                {off > 0
                  ? part('discountAmount', 'div', {
                      children: (
                        <>
                          <dt>{t('checkoutForm.discount')}</dt>
                          <dd>{t('common.discountValue', { amount: money(off) })}</dd>
                        </>
                      ),
                    })
                  : null}
                {part('total', 'div', {
                  'data-state': off > 0 ? 'discounted' : 'full',
                  children: (
                    <>
                      <dt>
                        {t(
                          product.tax_mode === 'exclusive'
                            ? 'checkoutForm.totalBeforeTax'
                            : 'checkoutForm.total',
                        )}
                      </dt>
                      <dd>{money(subtotal - off)}</dd>
                    </>
                  ),
                })}
              </>
            ),
          })}
          {alert !== null
            ? part('alert', 'div', { role: 'alert', 'data-state': 'failed', children: alert })
            : null}
          {part('status', 'p', {
            role: 'status',
            'data-state': state,
            children: (
              <>
                {progress}
                {fieldFocus.announcement((slot) => errors[slot])}
              </>
            ),
          })}
          {part('submitButton', 'button', {
            type: 'submit',
            'aria-disabled': busy || undefined,
            'data-state': state,
            children: t('checkoutForm.submit'),
          })}
        </>
      ),
    }),
  });
}
