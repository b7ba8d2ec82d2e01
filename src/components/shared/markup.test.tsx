import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { decodeEntities, NewTabHint, parseLinkMarkup, renderLinkMarkup } from './markup.js';

/** The HTML React puts in the page for a label. */
function html(label: string, options?: Parameters<typeof renderLinkMarkup>[1]): string {
  const { container, unmount } = render(<p>{renderLinkMarkup(label, options)}</p>);
  const out = container.querySelector('p')?.innerHTML ?? '';
  unmount();
  return out;
}

const link = (href: string, text: string) =>
  `<a href="${href}" target="_blank" rel="noopener noreferrer">${text}</a>`;

describe('links that survive', () => {
  test('an https <a> link, in any attribute order and quoting', () => {
    const want = `I accept the ${link('https://shop.example/terms', 'terms')}.`;
    expect(html('I accept the <a href="https://shop.example/terms">terms</a>.')).toBe(want);
    expect(html("I accept the <a class='x' href='https://shop.example/terms'>terms</a>.")).toBe(
      want,
    );
    expect(html('I accept the <a target=_self href=https://shop.example/terms>terms</a>.')).toBe(
      want,
    );
    expect(html('I accept the <A\n  HREF = "https://shop.example/terms"\n>terms</A >.')).toBe(want);
  });

  test('a Markdown link', () => {
    expect(html('Read the [privacy policy](https://shop.example/privacy) first')).toBe(
      `Read the ${link('https://shop.example/privacy', 'privacy policy')} first`,
    );
  });

  test('the URL is normalised and entities in it decoded', () => {
    expect(html('<a href="HTTPS://Shop.Example/a b?x=1&amp;y=2">t</a>')).toBe(
      link('https://shop.example/a%20b?x=1&amp;y=2', 't'),
    );
  });

  test('an empty link shows its URL', () => {
    expect(html('<a href="https://shop.example/t"> </a>')).toBe(
      link('https://shop.example/t', 'https://shop.example/t'),
    );
  });

  test('a screen-reader note for the new tab, when given: the description, not the name', () => {
    render(
      <>
        <label>
          <input type="checkbox" /> I accept the{' '}
          {renderLinkMarkup('[terms](https://shop.example/) and [policy](https://shop.example/p)', {
            newTabHintId: 'hint',
          })}
        </label>
        <NewTabHint id="hint">(opens in a new tab)</NewTabHint>
      </>,
    );
    expect(
      screen.getByRole('checkbox', { name: 'I accept the terms and policy' }),
    ).not.toHaveAccessibleDescription();
    for (const [name, href] of [
      ['terms', 'https://shop.example/'],
      ['policy', 'https://shop.example/p'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAccessibleDescription('(opens in a new tab)');
    }
    // One hint for all links, hidden: read only as their description, never as stray text.
    expect(screen.getAllByText('(opens in a new tab)')).toHaveLength(1);
    expect(screen.getByText('(opens in a new tab)')).not.toBeVisible();
  });

  test('without a hint id, links have no description', () => {
    render(<p>{renderLinkMarkup('[terms](https://shop.example/)')}</p>);
    expect(screen.getByRole('link', { name: 'terms' })).not.toHaveAttribute('aria-describedby');
  });
});

describe('hostile input', () => {
  test.each([
    ['javascript:', '<a href="javascript:alert(1)">Terms</a>'],
    ['javascript: behind entities', '<a href="java&#115;cript:alert(1)">Terms</a>'],
    ['javascript: behind a tab', '<a href="jav&#x09;ascript:alert(1)">Terms</a>'],
    ['javascript: with spaces', '<a href="  javascript:alert(1)">Terms</a>'],
    ['data:', `<a href='data:text/html,<script>alert(1)</script>'>Terms</a>`],
    ['http:', '<a href="http://shop.example/terms">Terms</a>'],
    ['a relative URL', '<a href="/terms">Terms</a>'],
    ['no href', '<a name="x">Terms</a>'],
    ['credentials', '<a href="https://shop.example@evil.example/">Terms</a>'],
    ['Markdown javascript:', '[Terms](javascript:alert(1))'],
    ['Markdown data:', '[Terms](data:text/html;base64,PHNjcmlwdD4=)'],
    ['Markdown vbscript:', '[Terms](vbscript:msgbox)'],
  ])('%s keeps the text and drops the link', (_name, label) => {
    const out = html(label);
    expect(out).not.toContain('<a');
    expect(out).toContain('Terms');
  });

  test('a Markdown link with a title: the title is dropped', () => {
    const want = `Read the ${link('https://x.example/terms', 'terms')} first`;
    expect(html('Read the [terms](https://x.example/terms "Title") first')).toBe(want);
    expect(html("Read the [terms]( https://x.example/terms  'Title' ) first")).toBe(want);
    expect(html('Read the [terms](https://x.example/terms (Title)) first')).toBe(want);
    expect(html('[terms](javascript:alert(1) "Title")')).toBe('terms');
  });

  test('an autolink: a link when https, else its text', () => {
    expect(parseLinkMarkup('Read <https://example.com/terms> first')).toEqual([
      { type: 'text', text: 'Read ' },
      { type: 'link', href: 'https://example.com/terms', text: 'https://example.com/terms' },
      { type: 'text', text: ' first' },
    ]);
    expect(html('Read <http://example.com/terms> first')).toBe(
      'Read http://example.com/terms first',
    );
    expect(html('Run <javascript:alert(1)>')).toBe('Run javascript:alert(1)');
    expect(html('<a href="https://a.example/">see <https://b.example/></a>')).toBe(
      link('https://a.example/', 'see https://b.example/'),
    );
    expect(html('<https://a.example/&amp;b>')).toBe(
      link('https://a.example/&amp;b', 'https://a.example/&amp;b'),
    );
  });

  test('the Markdown form keeps its text when the URL is refused', () => {
    expect(html('[Terms](http://shop.example)')).toBe('Terms');
    expect(html('[or this](javascript:alert(3)) ok')).toBe('or this ok');
  });

  test('a Markdown URL may hold balanced parentheses; other brackets stay text', () => {
    expect(html('See [Foo](https://en.example/wiki/Foo_(bar)).')).toBe(
      `See ${link('https://en.example/wiki/Foo_(bar)', 'Foo')}.`,
    );
    expect(html('[not a link] (https://shop.example) and [x](not a url)')).toBe(
      '[not a link] (https://shop.example) and [x](not a url)',
    );
  });

  test('event handlers and other attributes never reach the link', () => {
    expect(
      html(
        '<a onclick="steal()" style="position:fixed" href="https://shop.example/t" target="_self" rel="opener">T</a>',
      ),
    ).toBe(link('https://shop.example/t', 'T'));
  });

  test('other tags are dropped to their text', () => {
    expect(
      html('<img src=x onerror="alert(1)">Hello <b>bold</b> <svg onload=alert(1)>x</svg>'),
    ).toBe('Hello bold x');
    expect(html('<a href="https://a.example/"><b>Bold <i>terms</i></b></a>')).toBe(
      link('https://a.example/', 'Bold terms'),
    );
  });

  test('script, style and the like go with their content, in any case', () => {
    expect(html('Hi<script>alert(1)</script> there')).toBe('Hi there');
    expect(html('Hi<SCRIPT type="x">alert(1)</SCRIPT > there')).toBe('Hi there');
    expect(html('Hi<style>*{display:none}</style> there')).toBe('Hi there');
    expect(html('Hi <script>alert(1)')).toBe('Hi ');
    expect(html('<iframe src="https://evil.example"></iframe>ok')).toBe('ok');
  });

  test('a link inside a link closes the first, as in HTML', () => {
    expect(
      html('<a href="https://a.example/">one <a href="https://b.example/">two</a> three</a>'),
    ).toBe(`${link('https://a.example/', 'one ')}${link('https://b.example/', 'two')} three`);
  });

  test('unclosed and broken tags', () => {
    expect(html('I agree to the <a href="https://shop.example/t">terms')).toBe(
      `I agree to the ${link('https://shop.example/t', 'terms')}`,
    );
    // A tag the input ends inside is dropped, as a browser does (see 'as a browser shows it').
    expect(html('I agree <b')).toBe('I agree ');
    expect(html('<a href="https://shop.example/t>terms')).toBe('');
    expect(html('1 < 2 and 3 > 2')).toBe('1 &lt; 2 and 3 &gt; 2');
    expect(html('<!-- <a href="https://x.example/">hidden</a> -->visible<!-- open')).toBe(
      'visible',
    );
    // `<!-->` and `<!--->` are empty comments, closed at once, as in HTML.
    expect(
      parseLinkMarkup('<!-->I accept the <a href="https://example.com/terms">terms</a>'),
    ).toEqual([
      { type: 'text', text: 'I accept the ' },
      { type: 'link', href: 'https://example.com/terms', text: 'terms' },
    ]);
    expect(html('<!--->I accept<!---->.')).toBe('I accept.');
  });

  test('entities are decoded into text, never into markup', () => {
    expect(html('Terms &amp; Conditions')).toBe('Terms &amp; Conditions');
    expect(parseLinkMarkup('Terms &amp; Conditions')).toEqual([
      { type: 'text', text: 'Terms & Conditions' },
    ]);
    expect(html('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(decodeEntities('&#0;&#xD800;&#x1F600;&nosuch;&quot;')).toBe('\ufffd\ufffd😀&nosuch;"');
  });

  test('renders on the server to the same safe markup', () => {
    const out = renderToString(
      <p>
        {renderLinkMarkup(
          'I accept the <a href="https://shop.example/terms" onclick="x()">terms</a><script>alert(1)</script> &amp; [privacy](https://shop.example/p)',
        )}
      </p>,
    );
    expect(out).toBe(
      `<p>I accept the ${link('https://shop.example/terms', 'terms')} &amp; ${link('https://shop.example/p', 'privacy')}</p>`,
    );
  });

  test('any input: only https links, only the three attributes, no other element', () => {
    const token = fc.constantFrom(
      '<',
      '>',
      '</',
      '/>',
      'a',
      'A',
      'b',
      'img',
      'script',
      'style',
      ' ',
      '=',
      '"',
      "'",
      'href',
      'onerror',
      'javascript:',
      'data:',
      'http://x.example/',
      'https://x.example/',
      '[',
      ']',
      '(',
      ')',
      '&amp;',
      '&#',
      ';',
      'x',
      '<!--',
      '<!-->',
      '-->',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
        const label = tokens.join('');
        const host = document.createElement('div');
        // Parse what React would send from the server, to see it as a browser would.
        const template = document.createElement('template');
        template.innerHTML = renderToString(renderLinkMarkup(label));
        host.append(template.content);
        for (const element of host.querySelectorAll('*')) {
          expect(element.localName).toBe('a');
          expect(element.getAttributeNames().sort()).toEqual(['href', 'rel', 'target']);
          expect(element.getAttribute('href')).toMatch(/^https:\/\//);
        }
      }),
      { numRuns: 500 },
    );
  });
});

// What Chromium shows for each label (its `textContent` after `innerHTML = label`), checked by hand.
describe('as a browser shows it', () => {
  test('an unfinished closing tag at the end is dropped, not shown', () => {
    expect(parseLinkMarkup('I accept the <a href="https://example.com/terms">terms</a')).toEqual([
      { type: 'text', text: 'I accept the ' },
      { type: 'link', href: 'https://example.com/terms', text: 'terms' },
    ]);
    expect(parseLinkMarkup('I accept the <a href=https://example.com/terms>terms</')).toEqual([
      { type: 'text', text: 'I accept the ' },
      { type: 'link', href: 'https://example.com/terms', text: 'terms</' },
    ]);
  });

  test('a quoted attribute value never closed takes the tag and the rest with it', () => {
    // The value runs to the end of the input, so the tag is never finished: nothing of it
    // shows, and no link is made from it.
    expect(parseLinkMarkup('I accept the <a href="https://example.com/terms>terms</a>')).toEqual([
      { type: 'text', text: 'I accept the ' },
    ]);
    expect(html("I accept the <a href='https://example.com/terms>terms</a>")).toBe('I accept the ');
    expect(html('I accept <b title="x>the terms')).toBe('I accept ');
  });

  test('any other tag the input ends inside is dropped', () => {
    expect(html('I accept the terms <b')).toBe('I accept the terms ');
    expect(html('I accept the terms <a href="https://example.com/terms"')).toBe(
      'I accept the terms ',
    );
    expect(html('I accept the terms <!DOCTYPE html')).toBe('I accept the terms ');
    expect(html('I accept the terms <?xml')).toBe('I accept the terms ');
    // Not a tag at all: shown.
    expect(html('I accept the terms <')).toBe('I accept the terms &lt;');
    expect(html('I accept the terms </')).toBe('I accept the terms &lt;/');
  });

  test('quotes and = may start an attribute name, and do not undo the tag', () => {
    expect(
      parseLinkMarkup('I accept the <a "x" href="https://example.com/terms">terms</a>'),
    ).toEqual([
      { type: 'text', text: 'I accept the ' },
      { type: 'link', href: 'https://example.com/terms', text: 'terms' },
    ]);
    expect(html('I accept <b =x>the</b> terms')).toBe('I accept the terms');
  });

  test('a tag name runs to whitespace, / or >, as in HTML: NBSP, quotes, . and _ are part of it', () => {
    // The reviewer's labels: one unknown tag each, dropped, and the text after it shown.
    expect(html('I agree <b\u00a0class="x>to the terms')).toBe('I agree to the terms');
    expect(html('I agree<b"x="y>to the terms')).toBe('I agreeto the terms');
    expect(html('I agree <b.x>to</b.x> the <b_x>terms')).toBe('I agree to the terms');
    // Only HTML's whitespace separates attributes: an em space is part of the value, so the
    // quote after it is too, and opens no value that would take the rest of the label.
    expect(html('I agree <b title=x\u2003y="z>to the terms')).toBe('I agree to the terms');
    // `a` and more is not a link, and a line-breaking name and more does not break a line.
    expect(
      parseLinkMarkup('I accept the <a\u00a0href="https://example.com/terms">terms</a>'),
    ).toEqual([{ type: 'text', text: 'I accept the terms' }]);
    expect(html('<a.x href="https://example.com/terms">terms</a>')).toBe('terms');
    expect(html('I accept<br.x>the terms')).toBe('I acceptthe terms');
  });

  test('</> is dropped, and </ before any other non-letter starts a comment to the next >', () => {
    expect(html('I accept</> the terms')).toBe('I accept the terms');
    expect(html('I accept </ x> the</1> terms')).toBe('I accept  the terms');
    expect(html('I accept the terms </ x')).toBe('I accept the terms ');
  });

  test('a comment ends at --> or at --!>', () => {
    expect(html('I accept<!-- x --!> the terms')).toBe('I accept the terms');
    expect(html('I accept<!-- x --!-> the --> terms')).toBe('I accept terms');
  });

  test('<br> separates the words either side', () => {
    expect(parseLinkMarkup('I accept<br>the terms')).toEqual([
      { type: 'text', text: 'I accept the terms' },
    ]);
    expect(html('I accept<BR/>the terms')).toBe('I accept the terms');
    expect(html('I accept<br />the<br>terms')).toBe('I accept the terms');
  });

  test.each(['p', 'div', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr'])(
    '<%s> separates the words either side of its tags',
    (name) => {
      expect(html(`I accept<${name}>the</${name}>terms`)).toBe('I accept the terms');
    },
  );

  test('a list reads as words, with no space added at the ends or twice', () => {
    expect(html('<ul><li>Terms</li><li>Privacy</li></ul>')).toBe('Terms Privacy');
    expect(html('<p>I accept the terms</p>')).toBe('I accept the terms');
    expect(html('I accept <br>the terms')).toBe('I accept the terms');
    expect(html('I accept<br> the terms')).toBe('I accept the terms');
    expect(html('I accept<br><br><p></p>the terms')).toBe('I accept the terms');
    expect(html('I accept<br>&nbsp;the terms')).toBe('I accept&nbsp;the terms');
  });

  test('around and inside links, the space goes between the words, not into a link', () => {
    expect(
      parseLinkMarkup('Read<br><a href="https://example.com/terms">the terms</a><p>now</p>'),
    ).toEqual([
      { type: 'text', text: 'Read ' },
      { type: 'link', href: 'https://example.com/terms', text: 'the terms' },
      { type: 'text', text: ' now' },
    ]);
    expect(parseLinkMarkup('<a href="https://example.com/terms">the<br>terms</a>')).toEqual([
      { type: 'link', href: 'https://example.com/terms', text: 'the terms' },
    ]);
    expect(parseLinkMarkup('Read<div><https://example.com/terms></div>now')).toEqual([
      { type: 'text', text: 'Read ' },
      { type: 'link', href: 'https://example.com/terms', text: 'https://example.com/terms' },
      { type: 'text', text: ' now' },
    ]);
    expect(html('Read<br><a href="https://example.com/terms"></a><br>now')).toBe(
      `Read ${link('https://example.com/terms', 'https://example.com/terms')} now`,
    );
    expect(html('Read<br>[the terms](https://example.com/terms)')).toBe(
      `Read ${link('https://example.com/terms', 'the terms')}`,
    );
  });
});

// The text a browser shows for a label, against ours: a seeded generator of labels that mix
// text, `<a href>` and other tags, quotes, `=`, NBSP, `.` and `_` in names, unclosed tags and
// quotes, comments and entities. The browser's side is jsdom's `innerHTML` on a `<div>`, which
// parses the label as a fragment with parse5, the HTML standard's tokenizer and tree builder.
// Left out, as they are ours and not HTML: Markdown links, `<https://…>` autolinks, the elements
// whose content we drop (script, style, textarea…), and the link rules (which links survive);
// only a link's text is compared. Also left out: entities HTML reads without `;` or remaps
// (`&amp`, `&#x80;`), CR and NUL, and tables (whose text a browser moves).
describe('the same text as an HTML parser', () => {
  /** Mulberry32: a seeded pseudo-random number in [0, 1), the same sequence on every run. */
  function seeded(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const random = seeded(0x6b11);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const chance = (p: number) => random() < p;

  // No word starts with `h`, and URLs come only inside tags, after `=`: a link's text is never
  // its URL, except for a link with no text, which shows its URL (see `ourText`).
  const words = [
    'I agree',
    'to the terms',
    'x',
    ' ',
    '\u00a0',
    '.',
    '_',
    '"',
    "'",
    '=',
    '/',
    '>',
    '<',
    '< ',
    '<1',
    '-',
    '!',
    '(',
    ')',
    '\n',
    '\t',
    '&amp;',
    '&lt;',
    '&gt;',
    '&quot;',
    '&nbsp;',
    '&#39;',
    '&#x2014;',
    '&zzz;',
    '& ',
  ];
  const specials = [
    '<a href="https://x.example/t">',
    '</a>',
    '</>',
    '</ x>',
    '</1>',
    '</',
    '<!--x-->',
    '<!--x--!>',
    '<!-- open',
    '<!-->',
    '<!x>',
    '<?x>',
    '<!DOCTYPE x',
  ];
  const names = ['a', 'A', 'b', 'span', 'br', 'p', 'div', 'li', 'ul', 'h2', 'tr', 'x'];
  // What a browser reads as more of the name, and the JS `\s` or a word boundary does not.
  const nameTails = [
    '.x',
    '_x',
    '"x',
    "'",
    '=',
    '="y',
    '\u00a0',
    '\u00a0class',
    '\u2003',
    '<b',
    '-x',
  ];
  const gaps = [' ', ' ', '\t', '\n', '\f', '/', '', '\u00a0', '  '];
  const attributes = [
    'href',
    'href',
    'HREF',
    'class',
    'title',
    '"x"',
    "'",
    '=x',
    'x.y',
    'data_x',
    '<',
  ];
  const values = [
    'https://x.example/t',
    'https://x.example/t',
    'https://x.example/a b',
    'http://x.example/',
    'javascript:alert(1)',
    'x',
    'x>y',
    '',
    '\u00a0',
    'a=b',
  ];
  const ends = ['>', '>', '>', '/>', ' >', ''];

  function tag(): string {
    let out = (chance(0.25) ? '</' : '<') + pick(names);
    if (chance(0.3)) out += pick(nameTails);
    const count = Math.floor(random() * 4);
    for (let n = 0; n < count; n += 1) {
      out += pick(gaps) + pick(attributes);
      if (!chance(0.6)) continue;
      out += `${pick(['', ' ', '\n', '\u00a0'])}=${pick(['', ' ', '\u00a0'])}`;
      const value = pick(values);
      const quote = pick(['"', '"', "'", '']);
      // Now and then a quote never closed.
      out += quote + value + (chance(0.12) ? '' : quote);
    }
    return out + pick(ends);
  }

  function label(): string {
    let out = '';
    const count = 1 + Math.floor(random() * 12);
    for (let n = 0; n < count; n += 1) {
      const kind = random();
      if (kind < 0.4) out += pick(words);
      else if (kind < 0.5) out += '<a href="https://x.example/t">';
      else if (kind < 0.85) out += tag();
      else out += pick(specials);
    }
    return out;
  }

  /** Where we may show a space the browser does not: at our `<br>` and block tags. */
  const lineBreakingTag = /<\/?(?:br|p|div|li|ul|ol|h[1-6]|tr)(?:[\t\n\f\r />]|$)/i;

  /**
   * Our text as a pattern for the browser's: the segments' text joined, where a link with no
   * text (which shows its URL, a link rule) stands for any whitespace, and, when the label has a
   * `<br>` or block tag, any space may be one we added.
   */
  function ourText(label: string): RegExp {
    const addsSpaces = lineBreakingTag.test(label);
    const parts = parseLinkMarkup(label).map((segment) => {
      if (segment.type === 'link' && segment.text === segment.href) return '\\s*';
      const text = segment.text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
      return addsSpaces ? text.replaceAll(' ', ' ?') : text;
    });
    return new RegExp(`^${parts.join('')}$`);
  }

  /** The text a browser gives the label, as `innerHTML` of a `<div>` (parse5 in jsdom). */
  function browserText(label: string): string {
    const host = document.createElement('div');
    host.innerHTML = label;
    return host.textContent ?? '';
  }

  test('3000 generated labels show the text a browser shows', () => {
    const labels = Array.from({ length: 3000 }, label);
    // The generator writes neither of our extensions: Markdown links and autolinks.
    for (const one of labels) expect(one).not.toMatch(/\[|<[A-Za-z][A-Za-z0-9+.-]{1,31}:/);
    const differ = labels
      .filter((one) => !ourText(one).test(browserText(one)))
      .map((one) => ({
        label: one,
        browser: browserText(one),
        ours: parseLinkMarkup(one)
          .map((segment) => segment.text)
          .join(''),
      }));
    expect(differ.slice(0, 5)).toEqual([]);
    // The labels hold what they are meant to test: links, and tags the JS `\s` would cut short.
    const links = labels.filter((one) => parseLinkMarkup(one).some((s) => s.type === 'link'));
    expect(links.length).toBeGreaterThan(300);
    expect(labels.filter((one) => /<[A-Za-z]+[\u00a0"._]/.test(one)).length).toBeGreaterThan(300);
  });
});

test('the renderer never hands markup to the DOM', () => {
  const code = readFileSync(resolve('src/components/shared/markup.tsx'), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  expect(code).not.toMatch(/dangerouslySetInnerHTML|innerHTML|DOMParser|createContextualFragment/);
});
