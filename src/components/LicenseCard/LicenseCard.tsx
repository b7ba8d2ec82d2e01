'use client';
// LicenseCard: checks a license key for one instance and shows what the service says about it:
// status, activations against the limit, expiry, the instance, and the key itself (masked until
// the customer reveals it).
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { BillingError } from '../../client/error.js';
import type { License } from '../../contract/schemas.js';
import { useBillingContext } from '../../react/context.js';
import { useLicense, type ValidateLicenseInput } from '../../react/mutations.js';
import { type MessageKey, type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { licenseCardMessages } from '../messages/sections/licenseCard.js';
import { useFieldFocus } from '../shared/field-focus.js';
import { type Formatters, useDate } from '../shared/format.js';
import { type CustomizableProps, type PartRenderer, useParts } from '../shared/slots.js';
import { spaced } from '../shared/spaced.js';
import { visuallyHidden } from '../shared/visually-hidden.js';

/**
 * The parts of `LicenseCard`, for `slots` and `slotProps` (`data-slot="license-card-<part>"`).
 * The root is an `article` (not a landmark: a page may hold several cards) named by its
 * `title`; its `data-state` is a `LicenseCardState` (`idle | validating | valid | invalid |
 * instanceInactive | error`).
 *
 * - `title` (`h2`; takes the focus when `retryAction` is pressed, as the alert goes)
 * - `form`, `keyField`, `keyLabel`, `keyInput`, `keyError`, `instanceField`, `instanceLabel`,
 *   `instanceInput`, `instanceError`, `submitButton` (`data-state` `idle | validating`). A
 *   submit with an empty input marks each empty one invalid (`aria-invalid`, its error as its
 *   description), then moves the focus to the first of them.
 * - `result` (`data-state` as the root's, a `LicenseCardState`): a polite live region (`p`)
 *   that says what the check found in a few words (never the key), and, when a submit finds an
 *   empty input that already has the focus (Enter in it), that input's error, visually hidden
 *   (the focus cannot move there to have it read); then `details` (`dl`), and
 *   in it one `div` each: `status` (with `statusBadge`; `data-state`: the license's status as
 *   sent), `key` (with `keyValue`, `data-state` `masked | revealed`; `revealAction`, which
 *   shows or hides the key, `data-state` `on` while it is shown, else `off`; `copyAction` when
 *   the browser offers a clipboard, `data-state` `idle | copied | failed`: `copied` for a few
 *   seconds after a copy, `failed` until the next try; `copyStatus`, a polite live region:
 *   "Copied" goes after a few seconds, `data-state` as `copyAction`'s), `activations`
 *   (`data-state` `unlimited` without a limit, `full` when every activation is used, else
 *   `available`; with `meter`, `role="meter"`, only when the limit is above 0, `data-state`
 *   `full | available` as the row's, and its `meterBar`), `expiry` (`data-state` `never |
 *   expires | expired`), `instance` (`data-state`: the instance's status)
 * - `error` (`role="alert"`; `data-state` `notFound | failed`), `retryAction` (for `failed`)
 */
export type LicenseCardPart =
  | 'title'
  | 'form'
  | 'keyField'
  | 'keyLabel'
  | 'keyInput'
  | 'keyError'
  | 'instanceField'
  | 'instanceLabel'
  | 'instanceInput'
  | 'instanceError'
  | 'submitButton'
  | 'result'
  | 'details'
  | 'status'
  | 'statusBadge'
  | 'key'
  | 'keyValue'
  | 'revealAction'
  | 'copyAction'
  | 'copyStatus'
  | 'activations'
  | 'meter'
  | 'meterBar'
  | 'expiry'
  | 'instance'
  | 'error'
  | 'retryAction';

/**
 * What the root's `data-state` says: `idle` (nothing checked yet), `validating`, `valid` (the
 * service calls the license `active`, and the instance it was checked for is active too),
 * `invalid` (the service knows the key but calls it anything but `active`: `inactive`,
 * `expired`, `disabled`…; or it knows no such key or instance), `instanceInactive` (the
 * license is active, but the instance checked is not: deactivated, so the license does not
 * hold on it), `error` (the check failed; try again). The service's status decides, not the
 * page's clock: the page's clock and the service's can disagree (a sandbox's fixed clock, a
 * skewed device), and the card never contradicts the status it shows.
 */
export type LicenseCardState =
  | 'idle'
  | 'validating'
  | 'valid'
  | 'invalid'
  | 'instanceInactive'
  | 'error';

/**
 * Why a check did not give a license, on the `error` part's `data-state`: `notFound` (404: no
 * such key, or no such instance of it; the proxy does not say which) or `failed`.
 */
export type LicenseCardFailure = 'notFound' | 'failed';

/** What was checked, given to the callbacks. */
export interface LicenseCardCheck {
  /** The key checked, trimmed. */
  key: string;
  /** The instance it was checked for, trimmed. */
  instanceId: string;
}

/** Details of `onSuccess`. */
export interface LicenseCardSuccessDetails extends LicenseCardCheck {
  /**
   * `valid` when the license is active on the instance checked, `instanceInactive` when the
   * license is active but that instance is not, else `invalid`.
   */
  state: LicenseState;
}

/** Details of `onError`. */
export interface LicenseCardErrorDetails extends LicenseCardCheck {
  /** `invalid` for an unknown key or instance (404), else `error`. */
  state: 'invalid' | 'error';
  /** Which failure. */
  failure: LicenseCardFailure;
}

/** Props of `LicenseCard`. */
export interface LicenseCardProps extends CustomizableProps<LicenseCardPart> {
  /**
   * The license key in the key input (controlled). Pair with `onLicenseKeyChange`. Given with
   * `instanceId` at mount, the license is checked at once (see `validateOnMount`). Default:
   * undefined (uncontrolled: starts as `defaultLicenseKey`).
   */
  licenseKey?: string;
  /** The key in the key input at first, when uncontrolled. Default: "". */
  defaultLicenseKey?: string;
  /** Called as the customer edits the key. Default: none. */
  onLicenseKeyChange?: (licenseKey: string) => void;
  /**
   * The instance id in the instance input (controlled). Pair with `onInstanceIdChange`.
   * Default: undefined (uncontrolled: starts as `defaultInstanceId`).
   */
  instanceId?: string;
  /** The instance id in the instance input at first, when uncontrolled. Default: "". */
  defaultInstanceId?: string;
  /** Called as the customer edits the instance id. Default: none. */
  onInstanceIdChange?: (instanceId: string) => void;
  /**
   * Check the license when the card mounts. Default: true when both a key and an instance id
   * are there at mount (by value or default), false otherwise.
   */
  validateOnMount?: boolean;
  /**
   * Show the key and instance inputs. Set it to false to show one license the app already
   * knows (pass `licenseKey` and `instanceId`). Default: true.
   */
  showForm?: boolean;
  /** Called when the service answered with a license (valid or not). Default: none. */
  onSuccess?: (license: License, details: LicenseCardSuccessDetails) => void;
  /** Called when the check gave no license. Default: none. */
  onError?: (error: BillingError, details: LicenseCardErrorDetails) => void;
}

/**
 * A status in words from `<prefix>.<status>`, or as the service sent it when there is no such
 * message (the schemas' enum lists would pull every schema into the bundle).
 */
function wordFor(t: Translate, prefix: string, status: string): string {
  const key = `${prefix}.${status}`;
  return Object.hasOwn(licenseCardMessages.en, key) ? t(key as MessageKey) : status;
}

/** The part of a key that stays visible: its last group, or its last four characters. */
function visibleTail(key: string): string {
  const dash = key.lastIndexOf('-');
  const group = dash >= 0 ? key.slice(dash + 1) : '';
  return group.length > 0 && group.length <= key.length / 2 ? group : key.slice(-4);
}

/** The key with every letter and digit but its tail replaced by a bullet; dashes kept. */
export function maskLicenseKey(key: string): string {
  const tail = visibleTail(key);
  return key.slice(0, key.length - tail.length).replace(/[^-\s]/g, '•') + tail;
}

function failureOf(error: BillingError): LicenseCardFailure {
  return error.status === 404 ? 'notFound' : 'failed';
}

const failureMessage: Record<LicenseCardFailure, MessageKey> = {
  notFound: 'licenseCard.notFound',
  failed: 'licenseCard.error',
};

type LicenseState = 'valid' | 'invalid' | 'instanceInactive';

type Field = 'key' | 'instance';

const requiredMessage: Record<Field, MessageKey> = {
  key: 'licenseCard.keyRequired',
  instance: 'licenseCard.instanceRequired',
};

/**
 * The service's status decides (never the page's clock, which can disagree with the service's);
 * a check is for one instance: an active license is only valid there if that instance is too.
 */
function licenseState(license: License): LicenseState {
  return license.status !== 'active'
    ? 'invalid'
    : license.instance && license.instance.status !== 'active'
      ? 'instanceInactive'
      : 'valid';
}

/**
 * A license key checked for one instance: the key and instance inputs (or a key and instance
 * the app passes in), then the license's status in words, its activations against the limit
 * with a meter, its expiry, the instance, and the key masked with buttons to reveal and copy
 * it. An unknown key says so; any other failure offers to try again.
 */
export function LicenseCard(props: LicenseCardProps) {
  const {
    licenseKey,
    defaultLicenseKey = '',
    onLicenseKeyChange,
    instanceId,
    defaultInstanceId = '',
    onInstanceIdChange,
    validateOnMount,
    showForm = true,
    onSuccess,
    onError,
  } = props;
  const { now } = useBillingContext('LicenseCard');
  const part = useParts<LicenseCardPart>('LicenseCard', props);
  const t = useMessages(commonMessages, licenseCardMessages);
  const fmt = { date: useDate() };
  const ids = {
    title: useId(),
    key: useId(),
    keyError: useId(),
    instance: useId(),
    instanceError: useId(),
  };

  const [ownKey, setOwnKey] = useState(defaultLicenseKey);
  const [ownInstance, setOwnInstance] = useState(defaultInstanceId);
  const keyValue = licenseKey ?? ownKey;
  const instanceValue = instanceId ?? ownInstance;
  const [missing, setMissing] = useState<Record<Field, boolean>>({
    key: false,
    instance: false,
  });
  const keyRef = useRef<HTMLElement | null>(null);
  const instanceRef = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLElement | null>(null);
  // Nothing here is disabled while a check runs, so a focus request need not wait for it.
  const fieldFocus = useFieldFocus(
    (field: Field) => (field === 'key' ? keyRef : instanceRef).current,
  );

  const validation = useLicense({
    onSuccess: (license, input) =>
      onSuccess?.(license, {
        key: input.key,
        instanceId: input.instance_id,
        state: licenseState(license),
      }),
    onError: (error, input) => {
      const failure = failureOf(error);
      onError?.(error, {
        key: input.key,
        instanceId: input.instance_id,
        state: failure === 'failed' ? 'error' : 'invalid',
        failure,
      });
    },
  });

  const check = (input: ValidateLicenseInput) => {
    if (validation.isPending) return;
    validation.mutate(input);
  };

  // Check at mount when the app gave a key and an instance (once, even under StrictMode).
  const mounted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the values at mount count.
  useEffect(() => {
    if (mounted.current) return;
    mounted.current = true;
    const key = keyValue.trim();
    const instance = instanceValue.trim();
    if ((validateOnMount ?? (key !== '' && instance !== '')) && key && instance) {
      validation.mutate({ key, instance_id: instance });
    }
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const key = keyValue.trim();
    const instance = instanceValue.trim();
    const gaps = { key: key === '', instance: instance === '' };
    setMissing(gaps);
    if (gaps.key) fieldFocus.request('key');
    else if (gaps.instance) fieldFocus.request('instance');
    else check({ key, instance_id: instance });
  };

  // A result answers the key and instance it was asked for: once either is changed, it is gone.
  const asked = validation.variables;
  const answers = asked?.key === keyValue.trim() && asked.instance_id === instanceValue.trim();
  const error = answers ? validation.error : null;
  const failure = error ? failureOf(error) : undefined;
  const license = answers ? validation.data : undefined;
  const state: LicenseCardState = validation.isPending
    ? 'validating'
    : license
      ? licenseState(license)
      : failure
        ? failure === 'failed'
          ? 'error'
          : 'invalid'
        : 'idle';

  const field = (which: Field) => {
    const isKey = which === 'key';
    const invalid = isKey ? missing.key : missing.instance;
    const errorId = isKey ? ids.keyError : ids.instanceError;
    return part(isKey ? 'keyField' : 'instanceField', 'div', {
      key: which,
      children: [
        part(isKey ? 'keyLabel' : 'instanceLabel', 'label', {
          key: 'label',
          htmlFor: isKey ? ids.key : ids.instance,
          children: t(isKey ? 'licenseCard.key' : 'licenseCard.instanceId'),
        }),
        part(isKey ? 'keyInput' : 'instanceInput', 'input', {
          key: 'input',
          id: isKey ? ids.key : ids.instance,
          ref: isKey ? keyRef : instanceRef,
          type: 'text',
          name: isKey ? 'license_key' : 'instance_id',
          autoComplete: 'off',
          spellCheck: false,
          value: isKey ? keyValue : instanceValue,
          // Both are needed to validate: said before a submit, not only after one is refused.
          'aria-required': true,
          'aria-invalid': invalid ? true : undefined,
          'aria-describedby': invalid ? errorId : undefined,
          onChange: (event) => {
            const value = (event.target as HTMLInputElement).value;
            if (isKey) {
              if (licenseKey === undefined) setOwnKey(value);
              onLicenseKeyChange?.(value);
            } else {
              if (instanceId === undefined) setOwnInstance(value);
              onInstanceIdChange?.(value);
            }
            if (invalid && value.trim() !== '') setMissing((m) => ({ ...m, [which]: false }));
          },
        }),
        invalid
          ? part(isKey ? 'keyError' : 'instanceError', 'p', {
              key: 'error',
              id: errorId,
              children: t(requiredMessage[which]),
            })
          : null,
      ],
    });
  };

  const form = showForm
    ? part('form', 'form', {
        key: 'form',
        noValidate: true,
        onSubmit: submit,
        children: [
          field('key'),
          field('instance'),
          part('submitButton', 'button', {
            key: 'submit',
            type: 'submit',
            'aria-disabled': validation.isPending ? true : undefined,
            'data-state': validation.isPending ? 'validating' : 'idle',
            children: t('licenseCard.validate'),
          }),
        ],
      })
    : null;

  const errorPart =
    error && failure
      ? part('error', 'div', {
          key: 'error',
          role: 'alert',
          'data-state': failure,
          children: [
            <p key="text">{t(failureMessage[failure])}</p>,
            failure === 'failed'
              ? part('retryAction', 'button', {
                  key: 'retry',
                  type: 'button',
                  onClick: () => {
                    // This button goes with the alert: keep the focus in the card.
                    titleRef.current?.focus();
                    if (validation.variables) check(validation.variables);
                  },
                  children: t('common.retry'),
                })
              : null,
          ],
        })
      : null;

  return (
    <>
      {part('root', 'article', {
        'aria-labelledby': ids.title,
        'aria-busy': state === 'validating' ? true : undefined,
        'data-state': state,
        children: [
          part('title', 'h2', {
            key: 'title',
            id: ids.title,
            ref: titleRef,
            tabIndex: -1,
            children: t('licenseCard.label'),
          }),
          form,
          part('result', 'div', {
            key: 'result',
            'data-state': state,
            children: [
              // The live region says what the check found in words; the details (and the key
              // revealed in them) are not read out on every change.
              <p key="status" role="status" style={license ? visuallyHidden : undefined}>
                {validation.isPending
                  ? t('licenseCard.validating')
                  : license
                    ? state === 'instanceInactive' && license.instance
                      ? t('licenseCard.checkedInstance', {
                          name: license.instance.name,
                          status: wordFor(t, 'licenseCard.instanceStatus', license.instance.status),
                        })
                      : t('licenseCard.checked', {
                          status: wordFor(t, 'licenseCard.status', license.status),
                        })
                    : null}
                {fieldFocus.announcement((field) =>
                  missing[field] ? t(requiredMessage[field]) : undefined,
                )}
              </p>,
              license ? (
                <Details key="details" license={license} part={part} t={t} fmt={fmt} now={now} />
              ) : null,
            ],
          }),
          errorPart,
        ],
      })}
    </>
  );
}

interface DetailsProps {
  license: License;
  part: PartRenderer<LicenseCardPart>;
  t: Translate;
  fmt: Pick<Formatters, 'date'>;
  /** The service's time (the context's `now`). */
  now: () => number;
}

function Details({ license, part, t, fmt, now }: DetailsProps) {
  const activationsId = useId();
  const limit = typeof license.activation_limit === 'number' ? license.activation_limit : null;
  const used = license.activation;
  const activationsText =
    limit === null
      ? t('licenseCard.activationsUnlimited', { used })
      : t('licenseCard.activations', { used, limit });

  // Worded by the service's status, so it never contradicts the status beside it: "Expired on"
  // (or "Expired", without a date) when the service says `expired`, never while it says
  // `active`; a license of another status (disabled, not activated) whose date has passed by the
  // service's clock has expired too, and "Expires on" a past date would read as still to come.
  const at = license.expires_at;
  const lapsed = license.status !== 'active' && !!at && Date.parse(at) <= now();
  const expiry: 'never' | 'expires' | 'expired' =
    license.status === 'expired' || lapsed ? 'expired' : at ? 'expires' : 'never';
  const expiryText = at
    ? t(expiry === 'expired' ? 'licenseCard.expired' : 'licenseCard.expires', {
        date: fmt.date(at),
      })
    : t(expiry === 'expired' ? 'licenseCard.status.expired' : 'licenseCard.neverExpires');

  const instance = license.instance;
  const row = (name: LicenseCardPart, label: MessageKey, value: ReactNode, extra = {}) =>
    part(name, 'div', {
      key: name,
      ...extra,
      children: [
        <dt key="dt" id={name === 'activations' ? activationsId : undefined}>
          {t(label)}
        </dt>,
        <dd key="dd">{value}</dd>,
      ],
    });

  return part('details', 'dl', {
    children: [
      row(
        'status',
        'licenseCard.statusLabel',
        part('statusBadge', 'span', {
          'data-state': license.status,
          children: wordFor(t, 'licenseCard.status', license.status),
        }),
        { 'data-state': license.status },
      ),
      row(
        'key',
        'licenseCard.key',
        <KeyValue key="key" licenseKey={license.key} part={part} t={t} />,
      ),
      row(
        'activations',
        'licenseCard.activationsLabel',
        [
          <span key="text">{activationsText}</span>,
          limit !== null && limit > 0
            ? part('meter', 'div', {
                key: 'meter',
                role: 'meter',
                'aria-labelledby': activationsId,
                'aria-valuemin': 0,
                'aria-valuemax': limit,
                'aria-valuenow': Math.min(used, limit),
                'aria-valuetext': activationsText,
                'data-state': used >= limit ? 'full' : 'available',
                children: part('meterBar', 'span', {
                  'aria-hidden': true,
                  style: { width: `${Math.min(100, (used / limit) * 100)}%` },
                }),
              })
            : null,
        ],
        { 'data-state': limit === null ? 'unlimited' : used >= limit ? 'full' : 'available' },
      ),
      row(
        'expiry',
        'licenseCard.expiryLabel',
        at ? <time dateTime={at}>{expiryText}</time> : expiryText,
        { 'data-state': expiry },
      ),
      instance
        ? row(
            'instance',
            'licenseCard.instanceLabel',
            t('licenseCard.instanceValue', {
              name: instance.name,
              status: wordFor(t, 'licenseCard.instanceStatus', instance.status),
            }),
            { 'data-state': instance.status },
          )
        : null,
    ],
  });
}

type CopyState = 'idle' | 'copied' | 'failed';

function KeyValue(props: {
  licenseKey: string;
  part: PartRenderer<LicenseCardPart>;
  t: Translate;
}) {
  const { licenseKey, part, t } = props;
  const [revealed, setRevealed] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  // The clipboard is the browser's: looked for after mount, so a server render matches.
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => {
    setCanCopy(
      typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function',
    );
  }, []);

  // "Copied" is said once and goes (a failure stays until the next try); each copy says it.
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copy]);

  const copyKey = async () => {
    setCopy('idle');
    try {
      await navigator.clipboard.writeText(licenseKey);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return spaced(
    part('keyValue', 'code', {
      key: 'value',
      'data-state': revealed ? 'revealed' : 'masked',
      children: revealed
        ? licenseKey
        : [
            <span key="mask" aria-hidden="true">
              {maskLicenseKey(licenseKey)}
            </span>,
            <span key="sr" style={visuallyHidden}>
              {' '}
              {t('licenseCard.keyHidden', { last: visibleTail(licenseKey) })}
            </span>,
          ],
    }),
    part('revealAction', 'button', {
      key: 'reveal',
      type: 'button',
      'data-state': revealed ? 'on' : 'off',
      onClick: () => setRevealed((r) => !r),
      children: t(revealed ? 'licenseCard.hide' : 'licenseCard.show'),
    }),
    canCopy
      ? part('copyAction', 'button', {
          key: 'copy',
          type: 'button',
          'data-state': copy,
          onClick: () => void copyKey(),
          children: t('licenseCard.copy'),
        })
      : null,
    canCopy
      ? part('copyStatus', 'span', {
          key: 'copyStatus',
          role: 'status',
          'data-state': copy,
          children:
            copy === 'copied'
              ? t('licenseCard.copied')
              : copy === 'failed'
                ? t('licenseCard.copyFailed')
                : '',
        })
      : null,
  );
}
