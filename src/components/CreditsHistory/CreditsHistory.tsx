'use client';
// CreditsHistory: a customer's credit accounts, the exact balance of one, and its entries newest
// first in a virtualised list that grows both ways through the entries' cursors.
//
// Reversals. The service's entry carries only `transaction_id`; whether its transaction reverses
// another (`reversal_of`) is said by the transaction, which no operation reads back. The proxy
// remembers the reversals made through its admin route and adds `reversal_of` / `reversed_by`
// to their entries, for 30 days in its store; reversals made elsewhere (the service's dashboard,
// a server with another store) or that its store no longer holds are not marked by it. The marker shows what the page can know: those fields, the transactions the app
// passes in `transactions`, and the reversals made through `useReverseCreditTransaction` on the
// same QueryClient. Each marks the reversing entries "Reversal" and the reversed ones "Reversed".
import { type InfiniteData, useMutationState } from '@tanstack/react-query';
import {
  defaultRangeExtractor,
  observeElementRect,
  type Range,
  type Rect,
  useVirtualizer,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isAmount, negateAmount } from '../../contract/amount.js';
import type { CreditsAccount, CreditsTransaction } from '../../contract/schemas.js';
import { useBillingContext } from '../../react/context.js';
import { billingKeys } from '../../react/keys.js';
import {
  CREDITS_PAGE_SIZE,
  type CreditsCursor,
  type CreditsEntriesPage,
} from '../../react/options.js';
import { useCreditsAccounts, useCreditsBalance, useCreditsHistory } from '../../react/queries.js';
import { type MessageKey, type Translate, useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { creditsHistoryMessages } from '../messages/sections/creditsHistory.js';
import { useFormat } from '../shared/format.js';
import { useBeforePaint } from '../shared/measure.js';
import { type CustomizableProps, type PartRenderer, useParts } from '../shared/slots.js';
import { spaced } from '../shared/spaced.js';

/**
 * The parts of `CreditsHistory`, for `slots` and `slotProps` (`data-slot="credits-history-…"`):
 * - `header`: the title and the account picker; `title`: the heading (it takes the focus of a
 *   `retry` that goes with its alert while the data loads again).
 * - `accountPicker` (shown with two accounts or more), `accountLabel`, `accountSelect`.
 * - `balance` (`data-state` `loading | ready | error`; `error` when it could not be read, the
 *   amount last read staying shown), `balanceLabel`, `balanceValue` (the amount and its unit,
 *   joined by a no-break space: a number too long for its line breaks between its digit
 *   groups, the unit staying after its last group), and in it `balanceAmount` (the exact
 *   amount; while there is none, `data-state` `loading`, or `error` with a dash) and
 *   `unitLabel`; `asOf`.
 * - `loadNewer`, `loadOlder`: the buttons that read newer and older entries (`data-state`
 *   `loading` while their read is under way, else `idle`; `loadOlder` goes with the last page,
 *   handing its focus to the list).
 * - `viewport`: the scrolling box; `list`: the `<ol>` of entries; `row`: one entry
 *   (`data-state` `credit` | `debit` | `unknown`); in it `side` (credit or debit in words, an
 *   unknown side as sent; `data-state` as the row's), `reversal` (`data-state` `reversal` |
 *   `reversed`), `date` and `amount` (signed; `data-state` as the row's).
 * - `status`: the polite live region that says what a load brought, as a new node each time
 *   (the same result is said again); empty while "Load newer" reads and after a failed load,
 *   whose alert says so.
 * - `empty`, `error` (`data-state` names what failed: `accounts` | `balance` | `history` |
 *   `older` | `newer`; signed out, a 401, it asks to sign in), `retry` (not when signed out),
 *   `skeleton` (`data-state` `loading`).
 */
export type CreditsHistoryPart =
  | 'header'
  | 'title'
  | 'accountPicker'
  | 'accountLabel'
  | 'accountSelect'
  | 'balance'
  | 'balanceLabel'
  | 'balanceValue'
  | 'balanceAmount'
  | 'unitLabel'
  | 'asOf'
  | 'loadNewer'
  | 'viewport'
  | 'list'
  | 'row'
  | 'side'
  | 'reversal'
  | 'date'
  | 'amount'
  | 'loadOlder'
  | 'status'
  | 'empty'
  | 'error'
  | 'retry'
  | 'skeleton';

/**
 * What the root's `data-state` says, as shown: `loading` (the accounts or the first entries on
 * their way), `ready` (entries shown), `empty` (no account, or an account without entries),
 * `error` (the accounts or the entries could not be loaded).
 */
export type CreditsHistoryState = 'loading' | 'ready' | 'empty' | 'error';

/** Details of `onAccountChange`. */
export interface CreditsAccountChangeDetails {
  /** The account picked. */
  account: CreditsAccount;
}

/**
 * The virtualiser's measuring options that may be set from outside. `initialRect` is the size
 * the list assumes before it is measured (what a server render uses); default: ten rows tall.
 * `observeElementRect` replaces the ResizeObserver measuring; by default a viewport measured
 * 0 tall (an environment without layout, such as jsdom, or a hidden ancestor) counts as ten
 * rows tall, so the newest entries render (ten, and the overscan below them) and the DOM
 * stays bounded. `overscan`: rows rendered beyond each edge of the viewport; default 5
 * (TanStack's own default is 1).
 */
export type CreditsHistoryVirtualizer = Partial<
  Pick<
    VirtualizerOptions<HTMLDivElement, HTMLLIElement>,
    'initialRect' | 'observeElementRect' | 'overscan'
  >
>;

/** Props of `CreditsHistory`. */
export interface CreditsHistoryProps extends CustomizableProps<CreditsHistoryPart> {
  /**
   * The account shown (controlled). Pair with `onAccountChange`. Default: undefined
   * (uncontrolled: `defaultAccountId`, else the customer's first active account).
   */
  accountId?: string;
  /**
   * The account shown first when uncontrolled. Default: the customer's first active account
   * (the first account when none is active).
   */
  defaultAccountId?: string;
  /** Called when the customer picks another account. Default: none. */
  onAccountChange?: (accountId: string, details: CreditsAccountChangeDetails) => void;
  /** Entries read per request (1 to 100). Default: 50. */
  pageSize?: number;
  /**
   * The height of one row in CSS pixels; every row has it, so 100,000 entries cost a few
   * rendered rows. Default: 56.
   */
  rowHeight?: number;
  /**
   * Read older entries by themselves when the list is scrolled within this many rows of its
   * end; 0 turns it off (the "Load older" button stays). Default: 10.
   */
  autoLoadThreshold?: number;
  /**
   * Credit transactions the app knows of (from its server, or a seller's own calls): their
   * `reversal_of` marks the reversing and the reversed entries. The service's entries cannot
   * tell this; the proxy marks only the reversals made through its admin route (see the
   * component's notes). Default: none (the proxy's marks, and reversals made through
   * `useReverseCreditTransaction` on the same QueryClient, are still shown).
   */
  transactions?: readonly CreditsTransaction[];
  /**
   * Measuring options of the virtualised list. Default: measured by the browser; ten rows tall
   * before it is measured and when it measures 0 (jsdom, a server render); `overscan` (rows
   * rendered beyond each edge of the viewport) 5.
   */
  virtualizer?: CreditsHistoryVirtualizer;
}

type Entry = CreditsEntriesPage['data'][number];
type Marker = 'reversal' | 'reversed';
type Failure = 'accounts' | 'balance' | 'history' | 'older' | 'newer';
/**
 * What the status region says about the last load: its message, or none (`key` left out) while
 * a load is under way and after one failed. `seq` counts them: each is a new node in the region,
 * so the same words are said again.
 */
type Announcement = { key?: MessageKey; count?: number; seq: number };

const NEWER_PAGES_PER_PRESS = 10;

/**
 * How many rows tall a viewport that measures 0 is taken to be (jsdom, a server render, a
 * hidden ancestor): the newest entries still render, a bounded few.
 */
const UNMEASURED_ROWS = 10;

/** The first active account, else the first. */
function defaultAccount(accounts: readonly CreditsAccount[]): CreditsAccount | undefined {
  return accounts.find((a) => a.status === 'active') ?? accounts[0];
}

/** The reversal markers by transaction id, from whatever transactions are known. */
function markersOf(
  ...sources: ReadonlyArray<readonly (CreditsTransaction | undefined)[] | undefined>
): Map<string, Marker> {
  const markers = new Map<string, Marker>();
  for (const source of sources) {
    for (const tx of source ?? []) {
      if (!tx || typeof tx.reversal_of !== 'string' || tx.reversal_of === '') continue;
      markers.set(tx.id, 'reversal');
      if (!markers.has(tx.reversal_of)) markers.set(tx.reversal_of, 'reversed');
    }
  }
  return markers;
}

/** The entry's own word (the proxy's `reversal_of` / `reversed_by`), else the known ones'. */
function markerOf(entry: Entry, markers: Map<string, Marker>): Marker | undefined {
  if (entry.reversal_of) return 'reversal';
  if (entry.reversed_by) return 'reversed';
  return markers.get(entry.transaction_id);
}

function countEntries(pages: readonly CreditsEntriesPage[]): number {
  let count = 0;
  for (const page of pages) count += page.data.length;
  return count;
}

/** An amount Intl signed with a hyphen-minus, with the minus sign (U+2212) the page uses. */
function minus(text: string): string {
  return text.replace('-', '\u2212');
}

/** Fills a message's placeholders with elements: `{amount} {unit}` → [amount, ' ', unit]. */
function interleave(template: string, values: Record<string, ReactNode>): ReactNode[] {
  return template.split(/\{(\w+)\}/).map((piece, i) => (i % 2 === 1 ? values[piece] : piece));
}

const groupSeparators = new Map<string, string>();

/**
 * An amount as text with a break opportunity (`<wbr>`) after each of the locale's group
 * separators, so that a number too long for its line breaks between digit groups ("50,037," /
 * "632.5 minutes") rather than within one. The text itself is unchanged.
 */
function breakable(text: string, locale: string): ReactNode {
  let group = groupSeparators.get(locale);
  if (group === undefined) {
    group =
      new Intl.NumberFormat(locale).formatToParts(1_000_000).find((part) => part.type === 'group')
        ?.value ?? '';
    groupSeparators.set(locale, group);
  }
  const pieces = group ? text.split(group) : [text];
  if (pieces.length === 1) return text;
  const out: ReactNode[] = [];
  let end = 0;
  for (const piece of pieces.slice(0, -1)) {
    end += piece.length + group.length;
    out.push(piece + group, <wbr key={end} />);
  }
  out.push(pieces.at(-1));
  return out;
}

function accountOption(account: CreditsAccount, t: Translate): string {
  if (account.status === 'active') return account.name;
  const status = ['frozen', 'closed'].includes(account.status)
    ? t(`creditsHistory.accountStatus.${account.status as 'frozen' | 'closed'}`)
    : t('creditsHistory.accountStatus.unknown');
  return t('creditsHistory.accountOption', { name: account.name, status });
}

/**
 * A customer's credits: an account picker when there are several, the exact balance with its
 * unit, and the entries newest first (side, signed amount, date, reversal marker) in a
 * virtualised list that reads older entries as it is scrolled and newer ones on request.
 * Reversals are marked when made through the proxy's admin route (it remembers them in its
 * store), through `useReverseCreditTransaction` on the same QueryClient, or passed in
 * `transactions`; a reversal made elsewhere (the service's dashboard), or one the proxy's store
 * no longer holds (after 30 days, or evicted), is not marked.
 * Keyboard: Tab into the list, then arrows, Page Up/Down, Home and End move between entries.
 * The list is at most `--bk-credits-history-height` tall (CSS; default 24rem) and scrolls.
 */
export function CreditsHistory(props: CreditsHistoryProps) {
  const { accountId: controlledId, defaultAccountId, onAccountChange } = props;
  const pageSize = props.pageSize ?? CREDITS_PAGE_SIZE;
  useBillingContext('CreditsHistory');
  const part = useParts<CreditsHistoryPart>('CreditsHistory', props);
  const t = useMessages(commonMessages, creditsHistoryMessages);
  const titleId = useId();
  const titleRef = useRef<HTMLElement | null>(null);
  const selectId = useId();
  const accounts = useCreditsAccounts();
  const [ownId, setOwnId] = useState(defaultAccountId);
  const list = accounts.data ?? [];
  const accountId = controlledId ?? ownId ?? defaultAccount(list)?.id ?? '';
  const account = list.find((a) => a.id === accountId);
  // Newer entries come through "Load newer": a refetch on focus or on reconnecting would
  // re-read every page loaded, one after another.
  const history = useCreditsHistory({
    accountId,
    limit: pageSize,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const pick = (id: string) => {
    const picked = list.find((a) => a.id === id);
    if (!picked || id === accountId) return;
    if (controlledId === undefined) setOwnId(id);
    onAccountChange?.(id, { account: picked });
  };

  let body: ReactNode;
  let state: CreditsHistoryState;
  if (accountId === '' && accounts.isPending) {
    state = 'loading';
    body = <Skeleton key="skeleton" part={part} t={t} />;
  } else if (accountId === '' && accounts.isError) {
    state = 'error';
    body = (
      <ErrorNotice
        key="error"
        part={part}
        t={t}
        failure="accounts"
        signedOut={accounts.error?.status === 401}
        onRetry={() => {
          titleRef.current?.focus();
          void accounts.refetch();
        }}
      />
    );
  } else if (accountId === '') {
    state = 'empty';
    body = part('empty', 'p', { key: 'empty', children: t('creditsHistory.noAccounts') });
  } else {
    state = history.isPending
      ? 'loading'
      : !history.data
        ? 'error'
        : countEntries(history.data.pages) === 0
          ? 'empty'
          : 'ready';
    body = (
      <AccountHistory
        key={accountId}
        accountId={accountId}
        account={account}
        history={history}
        pageSize={pageSize}
        titleRef={titleRef}
        props={props}
        part={part}
        t={t}
      />
    );
  }

  const picker =
    list.length > 1
      ? part('accountPicker', 'div', {
          key: 'picker',
          children: [
            part('accountLabel', 'label', {
              key: 'label',
              htmlFor: selectId,
              children: t('creditsHistory.accountPicker'),
            }),
            part('accountSelect', 'select', {
              key: 'select',
              id: selectId,
              value: accountId,
              onChange: (event) => pick((event.target as HTMLSelectElement).value),
              children: list.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountOption(a, t)}
                </option>
              )),
            }),
          ],
        })
      : null;

  // In a fragment, so that docgen (Storybook's props table) sees a component returning JSX.
  return (
    <>
      {part('root', 'section', {
        'aria-labelledby': titleId,
        'aria-busy': state === 'loading' ? true : undefined,
        'data-state': state,
        children: [
          part('header', 'div', {
            key: 'header',
            children: [
              part('title', 'h2', {
                key: 'title',
                id: titleId,
                ref: titleRef,
                tabIndex: -1,
                children: t('creditsHistory.label'),
              }),
              picker,
            ],
          }),
          body,
        ],
      })}
    </>
  );
}

interface AccountHistoryProps {
  accountId: string;
  account: CreditsAccount | undefined;
  history: ReturnType<typeof useCreditsHistory>;
  /** The page size the history is read with (its query key holds it). */
  pageSize: number;
  titleRef: RefObject<HTMLElement | null>;
  props: CreditsHistoryProps;
  part: PartRenderer<CreditsHistoryPart>;
  t: Translate;
}

/** Balance and entries of one account; remounted (scroll and focus reset) per account. */
function AccountHistory({
  accountId,
  account,
  history,
  pageSize,
  titleRef,
  props,
  part,
  t,
}: AccountHistoryProps) {
  const { rowHeight = 56, autoLoadThreshold = 10, transactions, virtualizer: measuring } = props;
  const { queryClient } = useBillingContext('CreditsHistory');
  const fmt = useFormat();
  const balance = useCreditsBalance({ accountId });
  const reversed = useMutationState(
    {
      filters: { mutationKey: [...billingKeys.credits.all, 'reverse'], status: 'success' },
      select: (mutation) => mutation.state.data as CreditsTransaction | undefined,
    },
    queryClient,
  );
  const markers = useMemo(() => markersOf(transactions, reversed), [transactions, reversed]);

  const entries = useMemo<Entry[]>(
    () => history.data?.pages.flatMap((page) => page.data) ?? [],
    [history.data],
  );
  const [failure, setFailure] = useState<Failure | null>(null);
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const announce = (key: MessageKey, count?: number) =>
    setAnnouncement((last) => ({
      key,
      ...(count !== undefined ? { count } : {}),
      seq: (last?.seq ?? 0) + 1,
    }));
  // A load starting takes the last result out of the region: a failed load leaves the alert
  // alone, not the result of the load before it.
  const hush = () => setAnnouncement((last) => ({ seq: (last?.seq ?? 0) + 1 }));

  // -- the virtualised list --------------------------------------------------------------------
  const viewportRef = useRef<HTMLDivElement | null>(null);
  const newerRef = useRef<HTMLButtonElement | null>(null);
  const olderRef = useRef<HTMLButtonElement | null>(null);
  const [active, setActive] = useState(0);
  const focusPending = useRef(false);
  // The focusable row stays rendered, so focus never falls out of the list while scrolling.
  // A new function per active row: the virtualiser recomputes its rows when it changes.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (active < range.count && !indexes.includes(active)) {
        indexes.push(active);
        indexes.sort((a, b) => a - b);
      }
      return indexes;
    },
    [active],
  );
  // Stable while the entries are: a new function makes the virtualiser measure every row again.
  const getItemKey = useCallback((index: number) => entries[index]?.id ?? index, [entries]);
  const unmeasured = rowHeight * UNMEASURED_ROWS;
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLLIElement>({
    count: entries.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: () => rowHeight,
    getItemKey,
    rangeExtractor,
    useFlushSync: false,
    // Each one read on its own, so an option passed as `undefined` keeps our default.
    overscan: measuring?.overscan ?? 5,
    initialRect: measuring?.initialRect ?? { width: 0, height: unmeasured },
    observeElementRect:
      measuring?.observeElementRect ??
      ((instance, report) =>
        observeElementRect(instance, (rect: Rect) =>
          report(rect.height > 0 ? rect : { width: rect.width, height: unmeasured }),
        )),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  // Entries put above the list (newer) move what is shown down: keep the same entries in view,
  // unless the list is at its top, where the newer entries are what the reader wants to see.
  const firstId = entries[0]?.id;
  const previousFirst = useRef(firstId);
  // Before paint, so the list never shows a frame with the shift; not on the server.
  useBeforePaint(() => {
    const before = previousFirst.current;
    previousFirst.current = firstId;
    if (before === undefined || before === firstId) return;
    const added = entries.findIndex((e) => e.id === before);
    if (added <= 0) return;
    setActive((index) => index + added);
    const viewport = viewportRef.current;
    if (viewport && viewport.scrollTop > 0) viewport.scrollTop += added * rowHeight;
  }, [firstId, entries, rowHeight]);

  // Older entries load by themselves near the end of what is loaded.
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = history;
  useEffect(() => {
    if (autoLoadThreshold <= 0 || !hasNextPage || isFetching || isFetchNextPageError) return;
    if (entries.length === 0 || lastIndex < entries.length - 1 - autoLoadThreshold) return;
    void loadOlderRef.current();
  }, [autoLoadThreshold, hasNextPage, isFetching, isFetchNextPageError, entries.length, lastIndex]);

  const loadOlder = async () => {
    if (history.isFetching) return;
    setFailure(null);
    hush();
    const before = entries.length;
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) {
      setFailure('older');
      return;
    }
    const after = result.data ? countEntries(result.data.pages) : before;
    // The last page says that the end is reached, not only how many came with it.
    if (result.hasNextPage) announce('creditsHistory.loadedOlder', after - before);
    else announce('creditsHistory.allShown', after);
    // The button goes with the last page: its focus moves to the entry it was below.
    if (!result.hasNextPage && document.activeElement === olderRef.current) moveTo(before - 1);
  };
  const loadOlderRef = useRef(loadOlder);
  loadOlderRef.current = loadOlder;

  const loadNewer = async () => {
    if (history.isFetching) return;
    setFailure(null);
    hush();
    void balance.refetch();
    if (entries.length === 0) {
      // No entry to read newer than: read the account's first page again.
      const result = await history.refetch();
      if (result.isError) setFailure('newer');
      else {
        const count = result.data ? countEntries(result.data.pages) : 0;
        announce(count > 0 ? 'creditsHistory.loadedNewer' : 'creditsHistory.upToDate', count);
      }
      return;
    }
    let total = entries.length;
    let added = 0;
    for (let i = 0; i < NEWER_PAGES_PER_PRESS; i++) {
      const result = await history.fetchPreviousPage({ cancelRefetch: false });
      if (result.isFetchPreviousPageError) {
        setFailure('newer');
        return;
      }
      const pages = result.data?.pages ?? [];
      const count = countEntries(pages);
      const first = pages[0];
      if (!first || count === total) {
        // An empty newer page is dropped: it would only sit at the top of the pages.
        if (first?.data.length === 0) dropEmptyNewest();
        break;
      }
      added += count - total;
      total = count;
      // On a page read with `ending_before`, `has_more` says that still newer entries wait.
      if (!first.has_more) break;
    }
    announce(added > 0 ? 'creditsHistory.loadedNewer' : 'creditsHistory.upToDate', added);
  };

  const dropEmptyNewest = () => {
    queryClient.setQueryData<InfiniteData<CreditsEntriesPage, CreditsCursor>>(
      billingKeys.credits.entries(accountId, pageSize),
      (data) =>
        data && data.pages.length > 1 && data.pages[0]?.data.length === 0
          ? { pages: data.pages.slice(1), pageParams: data.pageParams.slice(1) }
          : data,
    );
  };

  // Keyboard: a roving focus over the rows.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    viewportRef.current
      ?.querySelector<HTMLElement>(`[data-index="${active}"]`)
      ?.focus({ preventScroll: true });
  });
  const moveTo = (index: number) => {
    if (entries.length === 0) return;
    const next = Math.max(0, Math.min(entries.length - 1, index));
    focusPending.current = true;
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const page = Math.max(1, Math.floor((viewportRef.current?.clientHeight ?? 0) / rowHeight));
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: entries.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };
  // Scrolled by mouse or touch while focus is elsewhere: the first row in view takes the focus
  // stop, so Tab lands where the reader is.
  const firstVisible = items.find((item) => item.end > (virtualizer.scrollOffset ?? 0) + 1)?.index;
  useEffect(() => {
    if (firstVisible === undefined) return;
    if (viewportRef.current?.contains(document.activeElement)) return;
    setActive(firstVisible);
  }, [firstVisible]);

  // -- parts -----------------------------------------------------------------------------------
  const unit = balance.data?.unit_label ?? account?.unit_label ?? '';
  const balancePart = part('balance', 'p', {
    key: 'balance',
    'data-state': balance.isPending ? 'loading' : balance.isError ? 'error' : 'ready',
    'aria-busy': balance.isPending ? true : undefined,
    children: [
      part('balanceLabel', 'span', { key: 'label', children: t('creditsHistory.balance') }),
      ' ',
      part('balanceValue', 'span', {
        key: 'value',
        // No-break spaces: the unit never goes to a line of its own, styled or not (Chromium
        // broke before a `white-space: nowrap` space that followed wrapping text).
        children: balance.data
          ? interleave(t('creditsHistory.balanceValue').replace(/ /g, '\u00a0'), {
              amount: part('balanceAmount', 'strong', {
                key: 'amount',
                children: breakable(minus(fmt.amount(balance.data.balance)), fmt.locale),
              }),
              unit: part('unitLabel', 'span', { key: 'unit', children: unit }),
            })
          : part('balanceAmount', 'strong', {
              key: 'amount',
              'data-state': balance.isError ? 'error' : 'loading',
              children: balance.isError ? '—' : '',
            }),
      }),
      balance.data ? ' ' : null,
      balance.data
        ? part('asOf', 'span', {
            key: 'asOf',
            children: t('creditsHistory.asOf', { date: fmt.dateTime(balance.data.as_of) }),
          })
        : null,
    ],
  });

  const shownFailure: Failure | null =
    failure ?? (history.isError && !history.data ? 'history' : balance.isError ? 'balance' : null);
  // The alert goes on retry: its focus moves to the button that does the same, else the heading.
  const retry = () => {
    if (shownFailure === 'older') {
      olderRef.current?.focus();
      void loadOlder();
    } else if (shownFailure === 'newer') {
      newerRef.current?.focus();
      void loadNewer();
    } else {
      titleRef.current?.focus();
      if (balance.isError) void balance.refetch();
      if (history.isError) void history.refetch();
    }
  };
  const errorPart = shownFailure ? (
    <ErrorNotice
      key="error"
      part={part}
      t={t}
      failure={shownFailure}
      signedOut={[history.error, balance.error].some((error) => error?.status === 401)}
      onRetry={retry}
    />
  ) : null;

  // A load's result is a new node each time (keyed by its `seq`), so that a screen reader says
  // "No newer entries." again on a second press; until the first load, how many are shown.
  const status = part('status', 'p', {
    key: 'status',
    role: 'status',
    children: history.isFetchingNextPage ? (
      t('creditsHistory.loadingMore')
    ) : announcement ? (
      announcement.key ? (
        <span key={announcement.seq}>
          {t(
            announcement.key,
            announcement.count !== undefined ? { count: announcement.count } : {},
          )}
        </span>
      ) : (
        ''
      )
    ) : !history.hasNextPage && entries.length > 0 ? (
      t('creditsHistory.allShown', { count: entries.length })
    ) : (
      ''
    ),
  });

  if (history.isPending) {
    return [
      balancePart,
      history.isError ? errorPart : <Skeleton key="skeleton" part={part} t={t} />,
      status,
    ];
  }
  if (history.isError && !history.data) return [balancePart, errorPart, status];

  const busy = history.isFetching;
  const loadNewerButton = part('loadNewer', 'button', {
    key: 'newer',
    ref: newerRef,
    type: 'button',
    'aria-disabled': busy ? true : undefined,
    'data-state': history.isFetchingPreviousPage ? 'loading' : 'idle',
    onClick: () => void loadNewer(),
    children: t('creditsHistory.loadNewer'),
  });

  if (entries.length === 0) {
    return [
      balancePart,
      loadNewerButton,
      part('empty', 'p', { key: 'empty', children: t('creditsHistory.empty') }),
      errorPart,
      status,
    ];
  }

  const setSize = history.hasNextPage ? -1 : entries.length;
  const rows = items.map((item) => {
    const entry = entries[item.index] as Entry;
    const side: 'credit' | 'debit' | 'unknown' =
      entry.side === 'credit' ? 'credit' : entry.side === 'debit' ? 'debit' : 'unknown';
    const marker = markerOf(entry, markers);
    // An amount that is not a decimal string is shown as sent, like an unknown side: one odd
    // entry must not take the whole history down.
    const signed = !isAmount(entry.amount)
      ? entry.amount
      : minus(
          side === 'debit'
            ? fmt.amount(negateAmount(entry.amount), { signDisplay: 'always' })
            : fmt.amount(entry.amount, side === 'credit' ? { signDisplay: 'always' } : {}),
        );
    return part('row', 'li', {
      key: item.key as string,
      'data-index': item.index,
      'data-state': side,
      'aria-setsize': setSize,
      'aria-posinset': item.index + 1,
      tabIndex: item.index === active ? 0 : -1,
      onFocus: () => setActive(item.index),
      style: {
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height: rowHeight,
        transform: `translateY(${item.start}px)`,
      },
      // Spaced: "Debit Jan 15, 2026, 10:02 AM −2".
      children: spaced(
        part('side', 'span', {
          key: 'side',
          'data-state': side,
          children: side === 'unknown' ? String(entry.side) : t(`creditsHistory.${side}`),
        }),
        marker
          ? part('reversal', 'span', {
              key: 'reversal',
              'data-state': marker,
              children: t(`creditsHistory.${marker}`),
            })
          : null,
        part('date', 'time', {
          key: 'date',
          dateTime: entry.created_at,
          children: fmt.dateTime(entry.created_at),
        }),
        part('amount', 'span', { key: 'amount', 'data-state': side, children: signed }),
      ),
    });
  });

  return [
    balancePart,
    loadNewerButton,
    part('viewport', 'div', {
      key: 'viewport',
      ref: viewportRef,
      style: { overflowY: 'auto', maxHeight: 'var(--bk-credits-history-height, 24rem)' },
      children: part('list', 'ol', {
        'aria-label': t('creditsHistory.entries'),
        'aria-busy': busy ? true : undefined,
        onKeyDown,
        style: {
          position: 'relative',
          height: virtualizer.getTotalSize(),
          margin: 0,
          padding: 0,
          listStyle: 'none',
        },
        children: rows,
      }),
    }),
    history.hasNextPage
      ? part('loadOlder', 'button', {
          key: 'older',
          ref: olderRef,
          type: 'button',
          'aria-disabled': busy ? true : undefined,
          'data-state': history.isFetchingNextPage ? 'loading' : 'idle',
          onClick: () => void loadOlder(),
          children: t('creditsHistory.loadOlder'),
        })
      : null,
    errorPart,
    status,
  ];
}

function Skeleton({ part, t }: { part: PartRenderer<CreditsHistoryPart>; t: Translate }) {
  return part('skeleton', 'div', {
    role: 'status',
    'aria-label': t('creditsHistory.loading'),
    'data-state': 'loading',
    children: [0, 1, 2, 3, 4].map((i) => <span key={i} aria-hidden="true" />),
  });
}

function ErrorNotice(props: {
  part: PartRenderer<CreditsHistoryPart>;
  t: Translate;
  failure: Failure;
  /** Signed out (a 401): trying again cannot help, signing in can. */
  signedOut: boolean;
  onRetry: () => void;
}) {
  const { part, t, failure, signedOut, onRetry } = props;
  return part('error', 'div', {
    role: 'alert',
    'data-state': failure,
    children: [
      <span key="message">{t(signedOut ? 'common.signIn' : 'creditsHistory.error')} </span>,
      signedOut
        ? null
        : part('retry', 'button', {
            key: 'retry',
            type: 'button',
            onClick: onRetry,
            children: t('common.retry'),
          }),
    ],
  });
}
