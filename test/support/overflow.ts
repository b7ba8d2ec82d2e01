// What runs out of a component's column sideways, measured in a real browser's layout: the
// boxes and the lines of text that end past the column's right edge, and whether the page
// itself scrolls sideways. For browser tests (jsdom lays nothing out).
import { expect } from 'vitest';
import { page } from 'vitest/browser';

function named(element: Element): string {
  return element.getAttribute('data-slot') ?? element.tagName.toLowerCase();
}

/**
 * Every box and line of text from `root` down that ends past `column`'s right edge, each as
 * `"<data-slot or tag> ends at <x> (column ends at <x>)"`; empty when everything fits. What a
 * box that clips or scrolls (`overflow-x` other than `visible`) holds is left out, as it widens
 * nothing; the box itself is measured.
 * @param column Default: `root`'s parent element (the box the component was rendered in).
 */
export function pastRightEdge(
  root: Element,
  column: Element | null = root.parentElement,
): string[] {
  if (!column) throw new TypeError('pastRightEdge: the root has no parent element; pass column');
  const edge = column.getBoundingClientRect().right;
  const found: string[] = [];
  const check = (what: string, right: number) => {
    if (right > edge + 0.5) {
      found.push(`${what} ends at ${Math.round(right)} (column ends at ${Math.round(edge)})`);
    }
  };
  const walk = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width > 0 || box.height > 0) check(named(element), box.right);
    if (getComputedStyle(element).overflowX !== 'visible') return;
    for (const node of Array.from(element.childNodes)) {
      if (node instanceof Element) walk(node);
      else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
        const text = document.createRange();
        text.selectNodeContents(node);
        check(`text of ${named(element)}`, text.getBoundingClientRect().right);
      }
    }
  };
  walk(root);
  return found;
}

/**
 * Asserts that nothing of the component whose root has `data-slot="<slot>"` ends past its
 * column's right edge (see `pastRightEdge`) and that the page does not scroll sideways.
 */
export function expectWithinColumn(slot: string): void {
  const root = document.querySelector(`[data-slot="${slot}"]`);
  if (!root) throw new TypeError(`expectWithinColumn: no [data-slot="${slot}"] on the page`);
  expect(pastRightEdge(root)).toEqual([]);
  const scrolling = document.scrollingElement ?? document.documentElement;
  expect(scrolling.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(
    scrolling.clientWidth,
  );
}

/** Runs `run` with the page 360px wide (a phone), then gives Vitest's 414×896 back. */
export async function onPhone<T>(run: () => Promise<T>): Promise<T> {
  await page.viewport(360, 640);
  try {
    return await run();
  } finally {
    await page.viewport(414, 896);
  }
}
