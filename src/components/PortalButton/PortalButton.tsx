'use client';
// A button that opens the service's customer portal for the signed-in customer: it asks the
// proxy for a fresh link (`usePortal`) and goes there, in this tab or a new one.
import { type ReactNode, useRef } from 'react';
import type { BillingError } from '../../client/error.js';
import { useBillingContext } from '../../react/context.js';
import { usePortal } from '../../react/mutations.js';
import { useMessages } from '../messages/index.js';
import { commonMessages } from '../messages/sections/common.js';
import { portalButtonMessages } from '../messages/sections/portalButton.js';
import { type CustomizableProps, useParts } from '../shared/slots.js';

/**
 * The parts of `PortalButton`, for `slots` and `slotProps` (`data-slot="portal-button-<part>"`).
 * The root is a `div` whose `data-state` is a `PortalButtonState`.
 *
 * - `button` (`data-state` as the root's), `newTabHint` (inside the button with
 *   `target="_blank"`: "(opens in a new tab)", visually hidden by the default styles)
 * - `status` (polite live region: "Opening the billing portal…" while opening; `data-state` as
 *   the root's)
 * - `error` (`role="alert"`, after a failure; `data-state` `failed`; the button stays usable to
 *   retry; when the proxy answers 401, signed out, it asks to sign in instead of to try again;
 *   404, a customer with no billing account yet, it says there is nothing to manage until a
 *   first purchase)
 */
export type PortalButtonPart = 'button' | 'newTabHint' | 'status' | 'error';

/** `idle`; `opening` (asking for the link, or on the way there); `failed`. */
export type PortalButtonState = 'idle' | 'opening' | 'failed';

/** Props of `PortalButton`. */
export interface PortalButtonProps extends CustomizableProps<PortalButtonPart> {
  /** The button's label. Default: the `portalButton.label` message ("Manage billing"). */
  children?: ReactNode;
  /**
   * Where the portal opens. `_self` leaves the page through the provider's `navigate`.
   * `_blank` opens a new tab at once, in the click (so popup blockers allow it), cut off from
   * this page (`opener` set to null), and sends it to the link when the link arrives; if the
   * browser blocks the tab anyway, the portal opens in this tab instead; if the customer closes
   * the tab before the link arrives, nothing opens (and `onSuccess` is not called) and the button
   * is ready again; if asking for the link fails, the empty tab is closed. Default: `'_self'`.
   */
  target?: '_self' | '_blank';
  /**
   * Called with the portal link just before the customer is sent there (not when they closed
   * the new tab first). Default: none.
   */
  onSuccess?: (details: { url: string }) => void;
  /** Called when the link could not be had; the button offers a retry. Default: none. */
  onError?: (error: BillingError) => void;
}

/**
 * Opens the customer portal, where the customer manages payment methods, invoices and
 * cancellation on the service's own pages.
 *
 * @example
 * ```tsx
 * <PortalButton target="_blank">Billing settings</PortalButton>
 * ```
 */
export function PortalButton(props: PortalButtonProps) {
  const context = useBillingContext('PortalButton');
  const { children, target = '_self' } = props;
  const part = useParts('PortalButton', props);
  const t = useMessages(commonMessages, portalButtonMessages);
  const latest = useRef(props);
  latest.current = props;
  const tab = useRef<Window | null>(null);
  const left = useRef(false);

  const portal = usePortal({
    navigate: (url) => {
      left.current = true;
      const opened = tab.current;
      tab.current = null;
      // The customer closed the new tab before the link came: they changed their mind, and this
      // page stays. (Only a tab the browser blocked, `null`, falls back to this tab.)
      if (opened?.closed) return;
      latest.current.onSuccess?.({ url });
      if (opened) opened.location.replace(url);
      else context.navigate(url);
    },
    onError: (error) => {
      tab.current?.close();
      tab.current = null;
      latest.current.onError?.(error);
    },
  });

  const state: PortalButtonState =
    portal.state === 'failed' ? 'failed' : portal.state === 'idle' ? 'idle' : 'opening';
  const opening = state === 'opening';

  const open = async () => {
    if (opening) return;
    left.current = false;
    if (target === '_blank' && typeof window !== 'undefined') {
      // Opened in the click itself, as popup blockers require; sent on once the link is known.
      const opened = window.open('', '_blank');
      if (opened) opened.opener = null;
      tab.current = opened ?? null;
    }
    await portal.open();
    // A new tab went its way; this page stays, ready for another click.
    if (target === '_blank' && left.current) portal.reset();
  };

  return (
    <>
      {part('root', 'div', {
        'data-state': state,
        children: [
          part('button', 'button', {
            key: 'button',
            type: 'button',
            'data-state': state,
            'aria-busy': opening || undefined,
            'aria-disabled': opening || undefined,
            onClick: () => void open(),
            children: (
              <>
                {children ?? t('portalButton.label')}
                {target === '_blank' ? ' ' : null}
                {target === '_blank'
                  ? part('newTabHint', 'span', { children: t('common.opensInNewTab') })
                  : null}
              </>
            ),
          }),
          part('status', 'span', {
            key: 'status',
            role: 'status',
            'data-state': state,
            children: opening ? t('portalButton.opening') : '',
          }),
          state === 'failed'
            ? part('error', 'p', {
                key: 'error',
                role: 'alert',
                'data-state': 'failed',
                // Signed out (401): trying again cannot help, signing in can. No billing account
                // yet (404): nothing to manage until a first purchase.
                children: t(
                  portal.error?.status === 401
                    ? 'common.signIn'
                    : portal.error?.status === 404
                      ? 'portalButton.noAccount'
                      : 'portalButton.failed',
                ),
              })
            : null,
        ],
      })}
    </>
  );
}
