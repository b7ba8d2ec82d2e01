// axe in a real browser over one component's root, after its colour transitions have settled,
// failing with each violation's rule, target and summary.
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { expect } from 'vitest';
import { cdp } from 'vitest/browser';

/** Asserts that axe (WCAG 2.0 A/AA, 2.1 AA, colour contrast included) finds nothing in `slot`. */
export async function expectNoViolations(slot: string): Promise<void> {
  // Colours are checked once the buttons' colour transitions have settled. Two frames first, so
  // that a transition the last render set off (a button leaving its busy state) has started.
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
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

/**
 * Asserts that a loading skeleton passes axe at the faintest point of its pulse. With motion
 * allowed, `render` shows the component loading (its query held); every animation under its
 * `role="status"` is paused halfway through the 1.5 s pulse, and axe runs over `slot`.
 */
export async function expectNoViolationsMidPulse(
  slot: string,
  render: () => void | Promise<void>,
): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-reduced-motion', value: 'no-preference' }],
  });
  try {
    await render();
    const skeleton = await screen.findByRole('status');
    const pulses = skeleton.getAnimations({ subtree: true });
    expect(pulses.length).toBeGreaterThan(0);
    for (const pulse of pulses) {
      pulse.pause();
      pulse.currentTime = 750;
    }
    await expectNoViolations(slot);
  } finally {
    await cdp().send('Emulation.setEmulatedMedia', { features: [] });
  }
}
