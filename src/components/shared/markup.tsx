// Labels from the service "may contain markup links" (a checkbox custom field's label). This
// turns such a label into React text and links without ever handing markup to the DOM: no
// innerHTML, no DOMParser (so it runs in SSR too). Only text and https links survive.
import type { ReactNode } from 'react';

/** A piece of a parsed label: plain text, or a link with a vetted https URL. */
export type MarkupSegment =
  | { type: 'text'; text: string }
  | { type: 'link'; href: string; text: string };

/** Options of `renderLinkMarkup`. */
export interface LinkMarkupOptions {
  /**
   * The id of the one element that tells screen-reader users that links open in a new tab (a
   * `NewTabHint`): each link points at it with `aria-describedby`, so the hint is the link's
   * description, not part of its name nor of the name of a label the link sits in. Default:
   * none.
   */
  newTabHintId?: string;
}

/** Props of `NewTabHint`. */
export interface NewTabHintProps {
  /** The id the links' `aria-describedby` names (`LinkMarkupOptions.newTabHintId`). Required. */
  id: string;
  /** The hint, such as `t('common.opensInNewTab')`. Required. */
  children: string;
}

/**
 * The hint that `renderLinkMarkup`'s links point at with `aria-describedby`. It is `hidden`:
 * a description is read from an element it names even when that element is hidden, and a
 * hidden one is not read a second time as stray text after the fields. Render it once per
 * component, outside any `<label>` (or it joins the label's name).
 */
export function NewTabHint({ id, children }: NewTabHintProps): ReactNode {
  return (
    <span id={id} hidden>
      {children}
    </span>
  );
}

const named: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  euro: '€',
};

/** Decodes HTML character references (`&amp;`, `&#39;`, `&#x2014;`); unknown ones stay. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g,
    (ref, dec, hex, name) => {
      if (name !== undefined) return named[name] ?? ref;
      const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex, 16);
      const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}

/** The URL as `https:` and without credentials, normalised; otherwise `null`. */
function safeUrl(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    const url = new URL(decodeEntities(raw).trim());
    if (url.protocol !== 'https:' || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

type Tag =
  | { kind: 'skip'; end: number }
  | { kind: 'open' | 'close'; name: string; attributes: Map<string, string>; end: number };

// Inside a tag, only HTML's whitespace separates: JS's `\s` also has NBSP and other Unicode
// spaces, which HTML's tokenizer takes as part of a name or value.
const htmlSpace = /[\t\n\f\r ]/;
// As in HTML, a tag name runs from a letter to whitespace, `/` or `>`: `<b.x>`, `<b"x="y>` and
// `<b\u00a0class="x">` are each one unknown tag (dropped), not `<b>` with attributes.
const nameAt = /[A-Za-z][^\t\n\f\r />]*/y;
// As in HTML, an attribute name may start with `=`, and may hold quotes and `<` (the tokenizer
// takes them as a parse error, not as the end of the tag).
const attributeNameAt = /[^\t\n\f\r />][^\t\n\f\r />=]*/y;
const unquotedValueAt = /[^\t\n\f\r >]+/y;

function match(pattern: RegExp, text: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

/**
 * Reads the tag that starts at `input[at] === '<'`, or `null` if it is not one (plain `<`). A
 * tag the input ends inside (`<b`, `</a`, a quoted value never closed) is dropped to the end,
 * as HTML's tokenizer does at end of file: none of it is shown.
 */
function readTag(input: string, at: number): Tag | null {
  const toEnd: Tag = { kind: 'skip', end: input.length };
  if (input.startsWith('<!--', at)) {
    // As in HTML, `<!-->` and `<!--->` are whole (empty) comments; what follows is text.
    if (input.startsWith('>', at + 4)) return { kind: 'skip', end: at + 5 };
    if (input.startsWith('->', at + 4)) return { kind: 'skip', end: at + 6 };
    // A comment ends at `-->`, or at `--!>` as in HTML.
    const close = /--!?>/g;
    close.lastIndex = at + 4;
    const found = close.exec(input);
    return found ? { kind: 'skip', end: found.index + found[0].length } : toEnd;
  }
  const closing = input[at + 1] === '/';
  let i = at + (closing ? 2 : 1);
  const name = match(nameAt, input, i);
  // `<!…>`, `<?…>`, and as in HTML `</` before anything but a letter (`</>`, `</ x>`, `</1>`): no
  // tag, a comment to the next `>`, dropped. `</` at the end stays text, as does `<` before
  // anything but a letter, `!`, `?` and `/`.
  if (!name && (input[at + 1] === '!' || input[at + 1] === '?' || (closing && i < input.length))) {
    const close = input.indexOf('>', i);
    return close < 0 ? toEnd : { kind: 'skip', end: close + 1 };
  }
  if (!name) return null;
  i += name.length;
  const attributes = new Map<string, string>();
  while (i < input.length) {
    const c = input[i] as string;
    if (c === '>') {
      return { kind: closing ? 'close' : 'open', name: name.toLowerCase(), attributes, end: i + 1 };
    }
    if (c === '/' || htmlSpace.test(c)) {
      i += 1;
      continue;
    }
    // Never fails: `c` is none of whitespace, `/` and `>`.
    const attribute = match(attributeNameAt, input, i) as string;
    i += attribute.length;
    while (htmlSpace.test(input[i] ?? '')) i += 1;
    let value = '';
    if (input[i] === '=') {
      i += 1;
      while (htmlSpace.test(input[i] ?? '')) i += 1;
      const quote = input[i];
      if (quote === '"' || quote === "'") {
        // A value never closed runs to the end of the input, and the tag with it.
        const close = input.indexOf(quote, i + 1);
        if (close < 0) return toEnd;
        value = input.slice(i + 1, close);
        i = close + 1;
      } else {
        value = match(unquotedValueAt, input, i) ?? '';
        i += value.length;
      }
    }
    // As in HTML, the first of two same-named attributes counts.
    const key = attribute.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, value);
  }
  return toEnd;
}

// `[text](url)`; the URL may hold one level of balanced parentheses (`…/Foo_(bar)`), and may
// be followed by a title in double or single quotes or parentheses, which is dropped.
const markdownLink =
  /\[([^[\]]+)\]\(\s*((?:[^()\s]|\([^()\s]*\))+)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)/g;
// A Markdown autolink, `<scheme:…>` (as CommonMark: a scheme of 2 to 32 characters, then no
// spaces nor angle brackets).
const autolinkAt = /<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/y;
// Elements whose content is code, not text: dropped with their content.
const rawText = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'textarea',
]);
// Elements a browser shows on a line of their own (and `<br>`, a line break): words either side
// of one of their tags are separated, not joined.
const lineBreaking = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
]);

/**
 * Splits a label that may contain `<a href="…">text</a>` (any attribute order or quoting),
 * Markdown `[text](url)` (or `[text](url "title")`, the title dropped) and autolinks
 * `<https://…>` into text and link segments; a non-https autolink stays as its text. A link
 * survives only if its URL parses as an absolute `https:` URL without credentials; otherwise
 * its text does. Every other tag is
 * dropped and its text kept, except script-like elements, whose content goes too; `<br>` and
 * block tags (`p`, `div`, `li`, `ul`, `ol`, `h1`–`h6`, `tr`) leave one space where the words
 * either side would otherwise join. A tag the input ends inside (`<b`, `</a`, a quoted value
 * never closed) is dropped with the rest of the input, as a browser does. Character references
 * are decoded. Never throws.
 */
export function parseLinkMarkup(input: string): MarkupSegment[] {
  const segments: MarkupSegment[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = segments.at(-1);
    if (last?.type === 'text') last.text += text;
    else segments.push({ type: 'text', text });
  };
  let link: { href: string | null; text: string } | null = null;
  let outside = '';
  // A `<br>` or block tag was passed since the last text.
  let lineBreak = false;

  const flushOutside = () => {
    let from = 0;
    for (const found of outside.matchAll(markdownLink)) {
      const [whole, text = '', url] = found;
      pushText(outside.slice(from, found.index));
      const href = safeUrl(url);
      if (href) segments.push({ type: 'link', href, text });
      else pushText(text);
      from = found.index + whole.length;
    }
    pushText(outside.slice(from));
    outside = '';
  };
  const closeLink = () => {
    if (!link) return;
    // A link with no text shows its URL, which a line break before it separates too.
    if (link.href && !link.text) separate(link.href);
    if (link.href)
      segments.push({
        type: 'link',
        href: link.href,
        text: link.text.trim() ? link.text : link.href,
      });
    else pushText(link.text);
    link = null;
  };
  /** The last character of the text so far, links' included ('' at the start). */
  const lastChar = (): string => {
    if (link?.text) return link.text.slice(-1);
    if (outside) return outside.slice(-1);
    return segments.at(-1)?.text.slice(-1) ?? '';
  };
  /** After a line break, a space before `next` if the words either side would join. */
  const separate = (next: string) => {
    if (!lineBreak || !next) return;
    lineBreak = false;
    const before = lastChar();
    if (!before || /\s/.test(before) || /^\s/.test(next)) return;
    if (link?.text) link.text += ' ';
    // A link that holds no text yet: the space goes before it, not into its name.
    else if (link) pushText(' ');
    else outside += ' ';
  };
  const addText = (raw: string) => {
    const text = decodeEntities(raw);
    separate(text);
    if (link) link.text += text;
    else outside += text;
  };

  let pos = 0;
  while (pos < input.length) {
    const lt = input.indexOf('<', pos);
    if (lt < 0) {
      addText(input.slice(pos));
      break;
    }
    addText(input.slice(pos, lt));
    const autolink = match(autolinkAt, input, lt);
    if (autolink) {
      pos = lt + autolink.length;
      const url = autolink.slice(1, -1);
      const href = link ? null : safeUrl(url);
      if (href) {
        const text = decodeEntities(url);
        separate(text);
        flushOutside();
        segments.push({ type: 'link', href, text });
      } else {
        addText(url);
      }
      continue;
    }
    const tag = readTag(input, lt);
    if (!tag) {
      addText('<');
      pos = lt + 1;
      continue;
    }
    pos = tag.end;
    if (tag.kind === 'skip') continue;
    if (lineBreaking.has(tag.name)) {
      lineBreak = true;
      continue;
    }
    if (tag.kind === 'open' && rawText.has(tag.name)) {
      const close = input.toLowerCase().indexOf(`</${tag.name}`, pos);
      const end = close < 0 ? -1 : input.indexOf('>', close);
      pos = end < 0 ? input.length : end + 1;
      continue;
    }
    if (tag.name !== 'a') continue;
    // An <a> inside an <a> closes the first, as browsers do.
    flushOutside();
    closeLink();
    if (tag.kind === 'open') link = { href: safeUrl(tag.attributes.get('href')), text: '' };
  }
  flushOutside();
  closeLink();
  return segments;
}

/**
 * A label that may contain markup links, as React nodes: text, and `<a target="_blank"
 * rel="noopener noreferrer">` for each link with a safe https URL (see `parseLinkMarkup`).
 * Put it inside the element that holds the label, and the hint once beside it, outside the label:
 * `<label>{renderLinkMarkup(field.label, { newTabHintId })}</label>` and
 * `<NewTabHint id={newTabHintId}>{t('common.opensInNewTab')}</NewTabHint>`.
 */
export function renderLinkMarkup(input: string, options: LinkMarkupOptions = {}): ReactNode {
  return parseLinkMarkup(input).map((segment, index) =>
    segment.type === 'text' ? (
      segment.text
    ) : (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: segments are a fixed sequence of a string
        key={index}
        href={segment.href}
        target="_blank"
        rel="noopener noreferrer"
        aria-describedby={options.newTabHintId}
      >
        {segment.text}
      </a>
    ),
  );
}
