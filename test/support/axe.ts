// axe in a real browser over one component's root, after its colour transitions have settled,
// failing with each violation's rule, target and summary.
import axe from 'axe-core';
import { expect } from 'vitest';

/** Asserts that axe (WCAG 2.0 A/AA, 2.1 AA, colour contrast included) finds nothing in `slot`. */
export async function expectNoViolations(slot: string): Promise<void> {
  // Colours are checked once the buttons' colour transitions have settled.
  await Promise.all(
    document
      .getAnimations()
      .filter((a) => a instanceof CSSTransition)
      .map((a) => a.finished.catch(() => undefined)),
  );
  const root = document.querySelector(`[data-slot="${slot}"]`) as HTMLElement;
  const results = await axe.run(root, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21aa'] });
  expect(
    results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target} ${n.failureSummary}`).join(' ')}`,
    ),
  ).toEqual([]);
}
