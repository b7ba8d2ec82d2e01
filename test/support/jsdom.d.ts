// The part of jsdom's API the tests use (jsdom ships no types and @types/jsdom is not a
// dependency). Remove this file if @types/jsdom is ever added.
declare module 'jsdom' {
  export class JSDOM {
    constructor(
      html?: string,
      options?: { url?: string; runScripts?: 'outside-only' | 'dangerously' },
    );
    readonly window: Window & typeof globalThis;
  }
}
