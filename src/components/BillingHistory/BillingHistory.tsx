'use client';
// BillingHistory: the signed-in customer's transactions as a table, a page at a time, with the
// previous page kept on screen while the next one loads.
import { type ReactNode, useId, useRef, useState } from 'react';
import type { BillingError } from '../../client/error.js';
import type { Pagination, Transaction } from '../../contract/schemas.js';
import { useBillingContext } from '../../react/context.js';
import { useTransactions } from '../../react/queries.js';
import { type MessageKey, type Translate, useMessages } from '../messages/index.js';
import { billingHistoryMessages } from '../messages/sections/billingHistory.js';
import { commonMessages } from '../messages/sections/common.js';
import { type Formatters, useDate, useMoney } from '../shared/format.js';
import { useScrollBox } from '../shared/measure.js';
import { type CustomizableProps, type PartRenderer, useParts } from '../shared/slots.js';
import { spaced } from '../shared/spaced.js';

/**
 * The parts of `BillingHistory`, for `slots` and `slotProps`
 * (`data-slot="billing-history-<part>"`). The root is a `section`; its `data-state` is a
 * `BillingHistoryState`.
 *
 * - `scroller` (the box the table scrolls sideways in on a narrow screen; while the table is
 *   wider than it, a focusable group named by the caption, so the keyboard can scroll it)
 * - `table` (`data-state` `ready | paging`, as the root's; `aria-busy` while paging), `caption`,
 *   `head` (`thead`), `headerCell` (`th`; `data-state` names the column), `body` (`tbody`)
 * - `row` (`tr`; `data-state`: the transaction's status as the service sent it), and in it
 *   `date` (the row header, holding a `time`), `description`, `amount`, `discount`, `tax`,
 *   `paid` (the amount paid), `status` (the cell), `statusBadge` (the status in words;
 *   `data-state`: the status), `refund` (what was refunded; `data-state` `full | partial`;
 *   after the `billingHistory.refundSeparator` text, " · ")
 * - `pager` (the box the pagination sits in; `styles.css` lays the pagination out by its width:
 *   the page centred between Previous and Next, or above them on a narrow screen),
 *   `pagination` (`nav`), `previous` and `next` (buttons; `data-state` `enabled | disabled`,
 *   `aria-disabled` at either end so focus stays on them), `pageInfo` ("Page 2 of 3", a polite
 *   live region, once that page has arrived; `data-state` `loading | ready | error`: "Loading
 *   page 2…" while it loads, empty when it could not be loaded, the alert saying so)
 * - `skeleton` (loading; `aria-busy`; `data-state` `loading`), `error` (loading failed;
 *   `role="alert"`; `data-state`: the failure's `BillingErrorKind`, such as `server` or
 *   `network`, and `error` for a failure without a kind; signed out, `auth`, it asks to sign
 *   in), `retryAction` (not when signed out; moves the focus to the root, which has
 *   `tabIndex={-1}`, as it loads again), `empty` (no payments; `data-state` `empty`)
 * - `pastEnd` (a controlled `page` past the last one: says so; `data-state` `pastEnd`),
 *   `lastPageAction` (in it, with `onPageChange`: asks for the last page)
 */
export type BillingHistoryPart =
  | 'scroller'
  | 'table'
  | 'caption'
  | 'head'
  | 'headerCell'
  | 'body'
  | 'row'
  | 'date'
  | 'description'
  | 'amount'
  | 'discount'
  | 'tax'
  | 'paid'
  | 'status'
  | 'statusBadge'
  | 'refund'
  | 'pager'
  | 'pagination'
  | 'previous'
  | 'next'
  | 'pageInfo'
  | 'skeleton'
  | 'error'
  | 'retryAction'
  | 'empty'
  | 'pastEnd'
  | 'lastPageAction';

/**
 * What the root's `data-state` says: `loading` (no page to show yet: the first, or the one
 * asked for after an empty one), `ready`, `paging` (another page is loading; the previous one
 * stays shown), `empty`, `pastEnd` (a controlled `page` past the last one), `error`.
 */
export type BillingHistoryState = 'loading' | 'ready' | 'paging' | 'empty' | 'pastEnd' | 'error';

/** Details of `onPageChange`. */
export interface BillingHistoryPageChangeDetails {
  /** The page shown before. */
  previous: number;
  /** Which control asked for the change (`last`: the way back from a page past the end). */
  reason: 'previous' | 'next' | 'last';
}

/** Props of `BillingHistory`. */
export interface BillingHistoryProps extends CustomizableProps<BillingHistoryPart> {
  /**
   * The page shown, counted from 1 (controlled). Pair with `onPageChange`. A page past the last
   * one says so and offers the last page (through `onPageChange`). Default: undefined
   * (uncontrolled: starts at `defaultPage`).
   */
  page?: number;
  /**
   * The page shown first when uncontrolled; past the last page, the last page is shown. Changing
   * `pageSize` or `productId` goes back to the first page. Default: 1.
   */
  defaultPage?: number;
  /** Called when the customer asks for another page. Default: none. */
  onPageChange?: (page: number, details: BillingHistoryPageChangeDetails) => void;
  /**
   * Transactions per page, a whole number from 1 to 100 (the most the service sends at once):
   * a larger one shows 100, a smaller one 1, a fraction is rounded down, NaN is the default.
   * Default: 10.
   */
  pageSize?: number;
  /**
   * Show only the transactions of this product. Changing it goes back to the first page when
   * the page is uncontrolled. Default: none (every product).
   */
  productId?: string;
}

/**
 * The status in plain words; an unknown status as the service sent it. (Known statuses are
 * those with a message: the schemas' enum lists would pull every schema into the bundle.)
 */
function statusText(t: Translate, status: string): string {
  const key = `billingHistory.status.${status}`;
  return Object.hasOwn(billingHistoryMessages.en, key) ? t(key as MessageKey) : status;
}

/**
 * Money in a transaction's own currency; in a code Intl cannot format (the service sent "XYZ1"),
 * the raw amount ("20.00": the smallest unit taken as hundredths) and the code as sent, so one
 * row does not break the table.
 */
function safeMoney(money: Formatters['money']): Formatters['money'] {
  return (cents, currency) => {
    try {
      return money(cents, currency);
    } catch {
      return `${(cents / 100).toFixed(2)} ${currency}`;
    }
  };
}

/** A Unix-ms timestamp as an ISO string for `<time dateTime>`; empty when it is not a date. */
function isoOf(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The columns, each headed by its `billingHistory.column.<name>` message. */
const columns = [
  'date',
  'description',
  'amount',
  'discount',
  'tax',
  'paid',
  'status',
] as const satisfies ReadonlyArray<BillingHistoryPart>;

/**
 * The signed-in customer's payments: a table with the date, description, amount, discount,
 * tax, amount paid and status of each transaction (refunds shown beside the status), a page at
 * a time with previous and next controls. Money is shown in each transaction's own currency.
 */
export function BillingHistory(props: BillingHistoryProps) {
  const { page: controlledPage, defaultPage = 1, onPageChange, productId } = props;
  // Within what the service answers (more was a permanent "could not be loaded"); NaN is 10.
  const pageSize = Math.min(100, Math.max(1, Math.floor(props.pageSize ?? 10))) || 10;
  useBillingContext('BillingHistory');
  const part = useParts<BillingHistoryPart>('BillingHistory', props);
  const t = useMessages(commonMessages, billingHistoryMessages);
  const fmt = { money: safeMoney(useMoney()), date: useDate() };
  const captionId = useId();
  const rootRef = useRef<HTMLElement | null>(null);

  // The uncontrolled page belongs to one product filter and page size: another starts at page 1
  // (page 3 of five rows is past the end at twenty-five).
  const [own, setOwn] = useState({ page: defaultPage, productId, pageSize });
  const move = (to: number) => setOwn({ page: to, productId, pageSize });
  const ownPage = own.productId === productId && own.pageSize === pageSize ? own.page : 1;
  const page = Math.max(1, Math.floor(controlledPage ?? ownPage));

  const query = useTransactions({
    page,
    pageSize,
    ...(productId ? { productId } : {}),
  });
  const data = query.data;
  // The last pagination seen, so the controls stay usable when a page fails to load.
  // (While the next page loads, `data` is still the previous page, with its pagination.)
  const lastPagination = useRef<Pagination | undefined>(undefined);
  if (data) lastPagination.current = data.pagination;
  const totalPages = Math.max(1, lastPagination.current?.total_pages ?? 1);
  // A page past the last one, which the service answers empty (no payments at all: page 1).
  const pastEnd = !!data && !query.isPlaceholderData && !data.items.length && page > totalPages;
  // Uncontrolled, the last page is shown instead (set while rendering: no empty page flashes).
  if (pastEnd && controlledPage === undefined) move(totalPages);

  const go = (reason: BillingHistoryPageChangeDetails['reason']) => {
    const next = reason === 'next' ? page + 1 : reason === 'previous' ? page - 1 : totalPages;
    if (next < 1 || next > totalPages) return;
    if (controlledPage === undefined) move(next);
    onPageChange?.(next, { previous: page, reason });
  };

  const scrollBox = useScrollBox(captionId);

  const label = t('billingHistory.label');
  // The way back from a later page that failed to load or came empty.
  const back = (info: PageInfo) =>
    page > 1 && (
      <Pager key="pager" part={part} t={t} page={page} pages={totalPages} go={go} info={info} />
    );
  let state: BillingHistoryState;
  let content: ReactNode[];

  if (pastEnd && controlledPage !== undefined) {
    state = 'pastEnd';
    content = [
      part('pastEnd', 'div', {
        key: 'pastEnd',
        'data-state': 'pastEnd',
        children: [
          <p key="text">{t('billingHistory.pastEnd')}</p>,
          onPageChange
            ? part('lastPageAction', 'button', {
                key: 'last',
                type: 'button',
                onClick: () => go('last'),
                children: t('billingHistory.lastPage'),
              })
            : null,
        ],
      }),
    ];
  } else if (query.isPending || pastEnd || (query.isPlaceholderData && !data?.items.length)) {
    // Nothing to show yet: the first page, the last one after a page past the end (uncontrolled),
    // or any page after an empty one (which would say "No payments yet." while it loads).
    state = 'loading';
    content = [
      part('skeleton', 'div', {
        key: 'skeleton',
        role: 'status',
        'data-state': 'loading',
        children: [
          <span key="text">{t('billingHistory.loading')}</span>,
          ...[0, 1, 2].map((i) => <span key={i} aria-hidden="true" data-bk-skeleton-row="" />),
        ],
      }),
    ];
  } else if (query.isError && !data) {
    state = 'error';
    content = [
      <ErrorNotice
        key="error"
        part={part}
        t={t}
        error={query.error}
        onRetry={() => {
          rootRef.current?.focus();
          void query.refetch();
        }}
      />,
      // The page never arrived: no "Page 2 of 6" beside the alert.
      back('error'),
    ];
  } else if (!data || data.items.length === 0) {
    state = 'empty';
    content = [
      part('empty', 'p', {
        key: 'empty',
        'data-state': 'empty',
        children: t(productId ? 'billingHistory.emptyForProduct' : 'billingHistory.empty'),
      }),
      back('ready'),
    ];
  } else {
    state = query.isPlaceholderData ? 'paging' : 'ready';
    content = [
      part('scroller', 'div', {
        key: 'scroller',
        ...scrollBox,
        children: part('table', 'table', {
          key: 'table',
          'aria-busy': query.isPlaceholderData ? true : undefined,
          'data-state': state,
          children: [
            part('caption', 'caption', { key: 'caption', id: captionId, children: label }),
            part('head', 'thead', {
              key: 'head',
              children: (
                <tr>
                  {columns.map((column) =>
                    part('headerCell', 'th', {
                      key: column,
                      scope: 'col',
                      'data-state': column,
                      children: t(`billingHistory.column.${column}`),
                    }),
                  )}
                </tr>
              ),
            }),
            part('body', 'tbody', {
              key: 'body',
              children: data.items.map((transaction) => (
                <Row key={transaction.id} transaction={transaction} part={part} t={t} fmt={fmt} />
              )),
            }),
          ],
        }),
      }),
      <Pager
        key="pager"
        part={part}
        t={t}
        page={page}
        pages={totalPages}
        go={go}
        info={query.isPlaceholderData ? 'loading' : 'ready'}
      />,
    ];
  }

  return (
    <>
      {part('root', 'section', {
        // Named by the table's caption while there is a table.
        ...(state === 'ready' || state === 'paging'
          ? { 'aria-labelledby': captionId }
          : { 'aria-label': label }),
        'aria-busy': state === 'loading' ? true : undefined,
        'data-state': state,
        // Where Try again leaves the focus: the button goes with the alert, the root stays
        // through the loading and the table (or the alert again, if the retry fails too).
        tabIndex: -1,
        ref: rootRef,
        children: content,
      })}
    </>
  );
}

interface RowProps {
  transaction: Transaction;
  part: PartRenderer<BillingHistoryPart>;
  t: Translate;
  fmt: Pick<Formatters, 'money' | 'date'>;
}

function Row({ transaction: tx, part, t, fmt }: RowProps) {
  const money = (cents: number | null | undefined) =>
    typeof cents === 'number' ? fmt.money(cents, tx.currency) : t('billingHistory.none');
  const discounted = tx.discount_amount ?? 0;
  const discount =
    discounted > 0
      ? t('common.discountValue', { amount: fmt.money(discounted, tx.currency) })
      : t('billingHistory.none');
  const refunded = tx.refunded_amount ?? 0;
  // The service's status says which when it is one of the two; else the amounts do, against
  // what was paid (or, when that is not sent, the amount).
  const refundKind =
    refunded <= 0
      ? null
      : tx.status === 'refunded'
        ? 'full'
        : tx.status === 'partialRefund'
          ? 'partial'
          : refunded < (tx.amount_paid ?? tx.amount)
            ? 'partial'
            : 'full';
  const cell = (
    name: 'description' | 'amount' | 'discount' | 'tax' | 'paid',
    children: ReactNode,
  ) =>
    // Every cell but the description holds an amount.
    part(name, 'td', {
      key: name,
      'data-numeric': name === 'description' ? undefined : '',
      children,
    });

  return part('row', 'tr', {
    'data-state': tx.status,
    children: [
      part('date', 'th', {
        key: 'date',
        scope: 'row',
        children: <time dateTime={isoOf(tx.created_at)}>{fmt.date(tx.created_at)}</time>,
      }),
      cell('description', tx.description ?? t('billingHistory.none')),
      cell('amount', money(tx.amount)),
      cell('discount', discount),
      cell('tax', money(tx.tax_amount)),
      cell('paid', money(tx.amount_paid)),
      part('status', 'td', {
        key: 'status',
        children: [
          part('statusBadge', 'span', {
            key: 'badge',
            'data-state': tx.status,
            children: statusText(t, tx.status),
          }),
          // Text between the two, so that they do not run together ("Refunded$20.00 refunded")
          // without CSS or for a screen reader.
          refundKind ? t('billingHistory.refundSeparator') : null,
          refundKind
            ? part('refund', 'span', {
                key: 'refund',
                'data-state': refundKind,
                children: t('billingHistory.refunded', {
                  amount: fmt.money(refunded, tx.currency),
                }),
              })
            : null,
        ],
      }),
    ],
  });
}

/**
 * Where the page asked for is: `ready` (it is shown), `loading` (the previous one is shown while
 * it loads), `error` (it could not be loaded; the alert says so).
 */
type PageInfo = 'ready' | 'loading' | 'error';

interface PagerProps {
  part: PartRenderer<BillingHistoryPart>;
  t: Translate;
  page: number;
  pages: number;
  go: (reason: 'previous' | 'next') => void;
  info: PageInfo;
}

function Pager({ part, t, page, pages, go, info }: PagerProps) {
  const button = (name: 'previous' | 'next', enabled: boolean, key: MessageKey) =>
    part(name, 'button', {
      key: name,
      type: 'button',
      'aria-disabled': enabled ? undefined : true,
      'data-state': enabled ? 'enabled' : 'disabled',
      onClick: () => {
        if (enabled) go(name);
      },
      children: t(key),
    });
  return part('pager', 'div', {
    children: part('pagination', 'nav', {
      'aria-label': t('billingHistory.pagination'),
      children: spaced(
        button('previous', page > 1, 'billingHistory.previousPage'),
        part('pageInfo', 'span', {
          key: 'info',
          role: 'status',
          'data-state': info,
          // "Page N of M" only once page N has arrived; nothing while it is in error without data.
          children:
            info === 'loading'
              ? t('billingHistory.loadingPage', { page })
              : info === 'ready'
                ? t('billingHistory.pageOf', { page, pages })
                : '',
        }),
        button('next', page < pages, 'billingHistory.nextPage'),
      ),
    }),
  });
}

function ErrorNotice(props: {
  part: PartRenderer<BillingHistoryPart>;
  t: Translate;
  error: BillingError | null;
  onRetry: () => unknown;
}) {
  const { part, t, error, onRetry } = props;
  // Signed out (401): trying again cannot help, signing in can.
  const signedOut = error?.status === 401;
  return part('error', 'div', {
    role: 'alert',
    'data-state': error?.kind ?? 'error',
    children: [
      <p key="text">{t(signedOut ? 'common.signIn' : 'billingHistory.error')}</p>,
      signedOut
        ? null
        : part('retryAction', 'button', {
            key: 'retry',
            type: 'button',
            onClick: () => void onRetry(),
            children: t('common.retry'),
          }),
    ],
  });
}
