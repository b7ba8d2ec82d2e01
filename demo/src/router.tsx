// A tiny router over the history API: the current URL as state, `navigate`, and a `Link` that
// keeps ordinary link behaviour (new tab, modified clicks) while routing plain clicks in place.
import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from 'react';

const EVENT = 'bk-demo:navigate';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(EVENT, onChange);
  };
}

/** Goes to a path of the storefront without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(EVENT));
}

/** The current URL (re-renders on navigation). */
export function useLocation(): URL {
  const href = useSyncExternalStore(
    subscribe,
    () => window.location.href,
    () => 'http://localhost/',
  );
  return new URL(href);
}

/** A link inside the storefront. */
export function Link({
  href,
  onClick,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const location = useLocation();
  const current = new URL(href, location.href).pathname === location.pathname;
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} aria-current={current ? 'page' : undefined} onClick={go} {...props} />;
}
