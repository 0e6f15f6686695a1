import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * The owner's Markdown as HTML: CommonMark with tables, raw HTML never passed through (it is shown as
 * text), and links only to places markdown-it deems safe. The result is sanitised all the same, so what
 * the shop puts into a page is only the elements and addresses listed below, whatever slipped past.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    's',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['style'], td: ['style'] },
  // A table cell's alignment is all the style that survives.
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links leave the shop in a new tab and tell the other site nothing of where they came from.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.href?.startsWith('/') ? attribs : { ...attribs, rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/** Safe HTML of the owner's Markdown, for a policy page. */
export function markdownToSafeHtml(source: string): string {
  return sanitizeHtml(markdown.render(source), SANITISE);
}

/**
 * The words of the owner's Markdown as plain text (not HTML: whoever writes it into a page escapes it),
 * its first heading left out (the page's title says it), shortened at a word to `max` characters: a
 * meta description.
 */
export function plainTextOf(source: string, max = 160): string {
  const words: string[] = [];
  let inTitle = false;
  let titleSeen = false;
  for (const token of markdown.parse(source, {})) {
    if (token.type === 'heading_open' && !titleSeen) inTitle = titleSeen = true;
    else if (token.type === 'heading_close') inTitle = false;
    else if (token.type === 'inline' && !inTitle) {
      for (const child of token.children ?? []) {
        if (child.type === 'text' || child.type === 'code_inline') words.push(child.content);
        else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ');
      }
      words.push(' ');
    }
  }
  const text = words.join('').replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > 0 ? cut.slice(0, lastSpace) : cut}…`;
}
