/// <reference types="vite/client" />
// Every component has a Docs page: a stories file whose meta names the component (so autodocs
// has its props and JSDoc), with autodocs on for all of them in .storybook/preview.tsx and
// turned off by none.
import type { Meta } from '@storybook/react-vite';
import { expect, test } from 'vitest';
import preview from '../.storybook/preview.js';

const stories = import.meta.glob<{ default: Meta }>('../stories/*.stories.tsx', { eager: true });
const components = Object.keys(import.meta.glob('../src/components/*/index.ts'))
  .map((path) => path.split('/').at(-2) ?? '')
  .filter((name) => /^[A-Z]/.test(name))
  .sort();

test('autodocs is on for every story file (.storybook/preview.tsx)', () => {
  expect(preview.tags).toContain('autodocs');
  for (const [path, { default: meta }] of Object.entries(stories)) {
    expect(meta.tags ?? [], path).not.toContain('!autodocs');
  }
});

test.each(components)('%s has a stories file whose meta names it', (name) => {
  const meta = stories[`../stories/${name}.stories.tsx`]?.default;
  expect(meta, `stories/${name}.stories.tsx`).toBeDefined();
  expect(meta?.component).toBeTypeOf('function');
  expect(meta?.component?.name).toBe(name);
  expect(meta?.title).toBe(`Components/${name}`);
});
