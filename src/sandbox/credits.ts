// The customer-credits operations (12–16 of the interface) over the ledger engine, and the
// grant a paid checkout makes for a `customerCredits` feature.

import type { GrantCredits } from './checkouts.js';
import type { CursorQuery, Ledger, LedgerTransaction } from './ledger.js';

/** An operation's answer with its status and extra headers. */
export type Reply = { body: unknown; status?: number; headers?: Record<string, string> };

/** `GET /v1/customer-credits/accounts`: the store's customer accounts, system ones excluded. */
export function listCreditAccounts(ledger: Ledger, input: CursorQuery & { customer_id?: string }) {
  return ledger.listAccounts(input);
}

/** `GET /v1/customer-credits/accounts/{account_id}`. */
export function retrieveCreditAccount(ledger: Ledger, input: { account_id: string }) {
  return ledger.getAccount(input.account_id);
}

/** `GET /v1/customer-credits/accounts/{account_id}/entries`, newest first. */
export function listCreditEntries(ledger: Ledger, input: CursorQuery & { account_id: string }) {
  const { account_id, ...query } = input;
  return ledger.listEntries(account_id, query);
}

function committed(commit: { transaction: LedgerTransaction; replayed: boolean }): Reply {
  return {
    body: commit.transaction,
    status: 201,
    headers: commit.replayed ? { 'X-Idempotent-Replay': 'true' } : {},
  };
}

/**
 * `POST /v1/customer-credits/accounts/{account_id}/credit`: 201 with the transaction; a replay
 * of the same key and body answers the original with `X-Idempotent-Replay: true`.
 */
export function creditAccount(
  ledger: Ledger,
  input: { account_id: string; amount: string; reference: string; idempotency_key: string },
): Reply {
  const { account_id, ...body } = input;
  return committed(ledger.credit(account_id, body));
}

/** `POST /v1/customer-credits/accounts/{account_id}/reverse`: 201 with the reversal. */
export function reverseCreditTransaction(
  ledger: Ledger,
  input: { account_id: string; transaction_id: string },
): Reply {
  return committed(ledger.reverse(input.account_id, { transaction_id: input.transaction_id }));
}

/**
 * The grant of a paid checkout: credits the customer's active account of the unit label (made
 * on first use), under an idempotency key unique to the checkout and feature.
 */
export function grantCreditsWith(ledger: Ledger): GrantCredits {
  return ({ customerId, amount, unitLabel, idempotencyKey, reference }) => {
    let accountId: string | undefined;
    let after: string | undefined;
    // A customer has few accounts: walk their list for an active one of this unit.
    for (;;) {
      const page = ledger.listAccounts({
        customer_id: customerId,
        limit: 100,
        ...(after ? { starting_after: after } : {}),
      });
      const found = page.data.find((a) => a.unit_label === unitLabel && a.status === 'active');
      if (found) {
        accountId = found.id;
        break;
      }
      if (!page.has_more) break;
      after = page.data[page.data.length - 1]?.id;
    }
    accountId ??= ledger.createAccount({
      customer_id: customerId,
      name: unitLabel[0]?.toUpperCase() + unitLabel.slice(1),
      unit_label: unitLabel,
    }).id;
    ledger.credit(accountId, { amount, reference, idempotency_key: idempotencyKey });
    return accountId;
  };
}
