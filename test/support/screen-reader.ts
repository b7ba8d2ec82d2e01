// What a screen reader is given, recorded as it happens: an input's state at the moment it takes
// the focus, and what a live region gains.
import { onTestFinished } from 'vitest';

/**
 * What a screen reader reads when an input (not a button) takes the focus: its label, whether
 * it is invalid and its description (the text of the elements its `aria-describedby` names),
 * as they are at that moment, not after the next render.
 */
export function recordFocus() {
  const read: Array<{ label: string; invalid: string | null; description: string }> = [];
  const onFocus = (event: FocusEvent) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement)) return;
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    read.push({
      label: input.labels?.[0]?.textContent ?? '',
      invalid: input.getAttribute('aria-invalid'),
      description: describedBy
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    });
  };
  document.addEventListener('focusin', onFocus);
  onTestFinished(() => document.removeEventListener('focusin', onFocus));
  return read;
}

/**
 * What a polite live region announces: the text of each node added to it (or text changed in
 * it), in order. Text that stays in the region is not said again.
 */
export function recordLiveRegion(region: HTMLElement) {
  const said: string[] = [];
  const take = (records: MutationRecord[]) => {
    for (const record of records) {
      if (record.type === 'characterData') said.push(record.target.textContent ?? '');
      for (const node of record.addedNodes) said.push(node.textContent ?? '');
    }
  };
  const observer = new MutationObserver(take);
  observer.observe(region, { childList: true, subtree: true, characterData: true });
  onTestFinished(() => observer.disconnect());
  return () => {
    take(observer.takeRecords());
    return said.map((text) => text.trim()).filter(Boolean);
  };
}
