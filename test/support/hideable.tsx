// A wrapper that hides what it holds the way a router keeping a page alive does.
import * as React from 'react';
import { type ReactNode, useState } from 'react';

/** What a test holds of `<Hideable>`: `hide(true)` hides its children, `hide(false)` shows them. */
export type HideableView = { hide?: (hidden: boolean) => void };

/**
 * Its children, hidden by `view.hide(true)` as React 19's `<Activity mode="hidden">` hides them
 * (kept, effects cleaned up, as a router keeping a page alive does). React 18 has no Activity:
 * there the children stay shown, and the test walks the same steps.
 */
export function Hideable({ view, children }: { view: HideableView; children: ReactNode }) {
  const [hidden, setHidden] = useState(false);
  view.hide = setHidden;
  const Activity = (
    React as { Activity?: React.ComponentType<{ mode: 'hidden' | 'visible'; children: ReactNode }> }
  ).Activity;
  return Activity ? <Activity mode={hidden ? 'hidden' : 'visible'}>{children}</Activity> : children;
}
