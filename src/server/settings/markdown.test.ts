// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markdownToSafeHtml, plainTextOf } from './markdown';

const SAFE_ELEMENTS = new Set(
  'h1 h2 h3 h4 h5 h6 p br hr strong em s del code pre blockquote ul ol li a table thead tbody tr th td'.split(
    ' ',
  ),
);
const SAFE_PROTOCOLS = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/** Parsed as a browser would (the test runs in jsdom): only harmless elements, no event or style attribute, links to safe schemes. */
function expectInert(html: string) {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    expect(SAFE_ELEMENTS, html).toContain(element.localName);
    for (const attribute of element.attributes) {
      expect(['href', 'title', 'rel', 'start'], html).toContain(attribute.name);
    }
    const href = element.getAttribute('href');
    if (href !== null)
      expect(SAFE_PROTOCOLS, html).toContain(new URL(href, 'https://shop.example/').protocol);
  }
}

describe("the policy pages' Markdown", () => {
  it('renders headings, emphasis, lists, links and tables', () => {
    const html = markdownToSafeHtml(
      '# Returns\n\nWithin **14 days**, _unworn_.\n\n- one\n- two\n\n[Call us](tel:+201012345678) or [mail](mailto:a@b.example) or [site](https://nour.example/a?b=1)\n\n| Zone | Fee |\n| :-- | --: |\n| Cairo | 70 |',
    );
    expect(html).toContain('<h1>Returns</h1>');
    expect(html).toContain('<strong>14 days</strong>, <em>unworn</em>');
    expect(html).toContain('<ul>\n<li>one</li>');
    expect(html).toContain('<a href="tel:+201012345678" rel="noopener noreferrer nofollow">Call us</a>');
    expect(html).toContain('<a href="mailto:a@b.example"');
    expect(html).toContain('<a href="https://nour.example/a?b=1"');
    expect(html).toContain('<td style="text-align:right">70</td>');
  });

  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['a script split over lines', '<scr\nipt>alert(1)</script>'],
    ['an onerror attribute', '<img src=x onerror="alert(1)">'],
    ['an svg onload', '<svg onload=alert(1)></svg>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['a javascript: link with entities', '[click](jav&#x09;ascript:alert(1))'],
    ['an upper-case JAVASCRIPT: link', '[click](JAVASCRIPT:alert(1))'],
    ['a vbscript: link', '[click](vbscript:msgbox(1))'],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a data: image', '![x](data:image/png;base64,iVBORw0KGgo=)'],
    ['a data: SVG image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['an image with a javascript: source', '![x](javascript:alert(1))'],
    ['an autolink to javascript:', '<javascript:alert(1)>'],
    ['a reference link to javascript:', '[a][x]\n\n[x]: javascript:alert(1)'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">x</p>'],
    ['an inline event in a link title', '[a](https://x.example "x\\" onmouseover=\\"alert(1)")'],
    ['a form', '<form action="https://evil.example"><input name="card"></form>'],
  ])('lets nothing active through: %s', (_name, source) => {
    expectInert(markdownToSafeHtml(source));
  });

  it('shows raw HTML as text rather than dropping what the owner wrote', () => {
    expect(markdownToSafeHtml('Sizes <b>run small</b>')).toBe('<p>Sizes &lt;b&gt;run small&lt;/b&gt;</p>\n');
  });

  it('describes a page in plain words, its title left out, shortened at a word', () => {
    expect(
      plainTextOf('# Shipping\n\nWe deliver **everywhere** & fast.\n\n- a [link](https://x.example)'),
    ).toBe('We deliver everywhere & fast. a link');
    const long = plainTextOf(`# T\n\n${'word '.repeat(100)}`, 30);
    expect(long).toBe('word word word word word…');
    expect(long.length).toBeLessThanOrEqual(30);
  });
});
