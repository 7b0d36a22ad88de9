import { describe, expect, it } from 'vitest';
import { XSS_PAYLOADS } from '../../../test/helpers/xss-payloads.js';
import {
  cardItemsOf,
  docOf,
  imageSrc,
  imagesOf,
  mentionedUserIds,
  plainText,
  renderRichText,
  richTextProblem,
  safeHref,
  RICH_TEXT_MAX_DEPTH,
  type RichDoc,
  type RichNode,
} from './rich-text.js';

const TAGS = new Set([
  'p',
  'h2',
  'h3',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'br',
  'hr',
  'strong',
  'em',
  'u',
  's',
  'a',
  'span',
  'img',
  'div',
]);
const ATTRS = new Set([
  'href',
  'rel',
  'target',
  'class',
  'data-user-id',
  'start',
  'src',
  'alt',
  'loading',
  'data-library-item',
]);
const OUR_IMAGE = /^\/community\/communities\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}$/;

/** Every tag and attribute of the HTML is on the allowlist, and no href leaves http(s)/mailto. */
function allowlisted(html: string) {
  for (const m of html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
    if (!TAGS.has(m[1])) return `tag ${m[1]}`;
    for (const a of m[2].matchAll(/\s([^\s=]+)="([^"]*)"/g)) {
      if (!ATTRS.has(a[1])) return `attribute ${a[1]}`;
      if (a[1] === 'href' && !/^(https?:\/\/|mailto:)/.test(a[2])) return `href ${a[2]}`;
      if (a[1] === 'src' && !OUR_IMAGE.test(a[2])) return `src ${a[2]}`;
    }
    // nothing but name="value" pairs after the tag name
    if (m[2].replace(/\s[^\s=]+="[^"]*"/g, '').trim()) return `stray ${m[2]}`;
  }
  return null;
}

describe('community rich text', () => {
  it('has at least 50 hostile payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_PAYLOADS)('$name: refused, or rendered only from the allowlist', ({ doc }) => {
    const problem = richTextProblem(doc);
    if (problem === null) expect(allowlisted(renderRichText(doc as RichDoc))).toBeNull();
    // the renderer is safe on its own, even for a document the check would refuse
    expect(allowlisted(renderRichText(doc as RichDoc))).toBeNull();
  });

  it('refuses every editor JSON trick (nodes, marks, attributes outside the allowlist)', () => {
    const json = XSS_PAYLOADS.filter((p) => !p.name.startsWith('raw HTML'));
    const accepted = json.filter((p) => richTextProblem(p.doc) === null).map((p) => p.name);
    // the only ones that pass are a label and an alt text, which are escaped
    expect(accepted).toEqual(['mention label holding HTML', 'image of ours with alt breaking out']);
  });

  it('keeps raw HTML typed as text as text', () => {
    const html = renderRichText(docOf('<script>window.__xss=1</script> & "q"'));
    expect(html).toBe('<p>&lt;script&gt;window.__xss=1&lt;/script&gt; &amp; &quot;q&quot;</p>');
  });

  it('renders links with rel="noopener nofollow ugc" and only http, https and mailto', () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'site',
              marks: [
                { type: 'link', attrs: { href: 'https://example.org/a?b=1&c=2' } },
                { type: 'bold' },
              ],
            },
          ],
        },
      ],
    };
    expect(richTextProblem(doc)).toBeNull();
    expect(renderRichText(doc)).toBe(
      '<p><a href="https://example.org/a?b=1&amp;c=2" rel="noopener nofollow ugc" target="_blank"><strong>site</strong></a></p>',
    );
    expect(safeHref('mailto:a@example.org')).toBe('mailto:a@example.org');
    expect(safeHref('ftp://example.org')).toBeNull();
    expect(safeHref('http:/x')).toBe('http://x/');
  });

  it('refuses documents too deep, too big or empty', () => {
    let node: RichNode = { type: 'paragraph', content: [{ type: 'text', text: 'deep' }] };
    for (let i = 0; i <= RICH_TEXT_MAX_DEPTH / 2; i++)
      node = { type: 'bulletList', content: [{ type: 'listItem', content: [node] }] };
    expect(richTextProblem({ type: 'doc', content: [node] })).toBe(
      'The text is nested too deeply.',
    );
    expect(richTextProblem(docOf('x'.repeat(70_000)))).toBe('The text is too long.');
    expect(richTextProblem(docOf())).toBe('Write something first.');
    expect(richTextProblem('<p>hi</p>')).toBe('The text holds something that is not allowed.');
    expect(richTextProblem(null)).toBe('The text holds something that is not allowed.');
  });

  it('names mentions by their current name, in text and HTML', () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'text', text: 'Hi ' },
            { type: 'mention', attrs: { id: 'u1', label: 'Old name' } },
            { type: 'mention', attrs: { id: 'constructor', label: 'Proto' } },
          ],
        },
      ],
    };
    expect(mentionedUserIds(doc)).toEqual(['u1', 'constructor']);
    expect(plainText(doc, { u1: 'Ada' })).toBe('Hi @Ada@Proto');
    expect(renderRichText(doc, { names: { u1: 'Ada' } })).toContain(
      '<span class="mention" data-user-id="u1">@Ada</span>',
    );
  });

  it('renders images from our own route only, with alt text and lazy loading', () => {
    const c = '11111111-1111-4111-8111-111111111111';
    const i = '22222222-2222-4222-8222-222222222222';
    const src = imageSrc(c, i);
    const doc: RichDoc = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src, alt: 'A pump' } }],
    };
    expect(richTextProblem(doc)).toBeNull();
    expect(renderRichText(doc)).toBe(`<img src="${src}" alt="A pump" loading="lazy">`);
    expect(imagesOf(doc)).toEqual([{ communityId: c, imageId: i }]);
    expect(plainText(doc)).toBe('[A pump]');
    const noAlt = { type: 'doc', content: [{ type: 'image', attrs: { src, alt: ' ' } }] };
    expect(richTextProblem(noAlt)).toMatch(/alt text/);
    const foreign = {
      type: 'doc',
      content: [{ type: 'image', attrs: { src: 'https://x.org/a.png', alt: 'a' } }],
    };
    expect(richTextProblem(foreign)).toBe('Images must be uploaded with the image button.');
  });

  it('renders a library card from what the server looked up, never from the JSON', () => {
    const doc: RichDoc = {
      type: 'doc',
      content: [{ type: 'libraryCard', attrs: { item: 'wash-handwashing' } }],
    };
    expect(richTextProblem(doc)).toBeNull();
    expect(cardItemsOf(doc)).toEqual(['wash-handwashing']);
    const html = renderRichText(doc, {
      cards: {
        'wash-handwashing': {
          kind: 'strategy',
          title: 'Handwashing <b>at schools</b>',
          sectorLabel: 'WASH',
          summary: null,
          href: '/community/threads/t/cards/wash-handwashing',
        },
      },
    });
    expect(html).toContain('Library strategy · WASH');
    expect(html).toContain('Handwashing &lt;b&gt;at schools&lt;/b&gt;');
    expect(html).toContain('href="/community/threads/t/cards/wash-handwashing"');
    expect(renderRichText(doc)).toContain('no longer available');
  });
});
