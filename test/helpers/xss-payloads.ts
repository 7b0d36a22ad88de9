import type { RichNode } from '../../src/shared/community/rich-text.js';

/**
 * Hostile community posts: each would set `window.__xss` if it ever ran. Raw HTML typed as text
 * (the renderer must escape it), and editor JSON that tries to smuggle nodes, marks or attributes
 * past the allowlist (the server must refuse it; the renderer must not emit it even unchecked).
 */
const RAW_HTML = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror=window.__xss=1>',
  '<svg onload=window.__xss=1>',
  '<svg><script>window.__xss=1</script></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  '"><script>window.__xss=1</script>',
  "'><img src=x onerror=window.__xss=1>",
  '<a href="javascript:window.__xss=1">click</a>',
  '<body onload=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<video><source onerror=window.__xss=1></video>',
  '<audio src=x onerror=window.__xss=1>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<input autofocus onfocus=window.__xss=1>',
  '<marquee onstart=window.__xss=1>x</marquee>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<form><button formaction=javascript:window.__xss=1>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<div style="background:url(javascript:window.__xss=1)">x</div>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>">',
  '<template><script>window.__xss=1</script></template>',
  '<scr<script>ipt>window.__xss=1</scr</script>ipt>',
  '<img src=x onerror=&#119;indow.__xss=1>',
  '<a href="jav&#x09;ascript:window.__xss=1">tab</a>',
  '<img """><script>window.__xss=1</script>">',
  '<x onclick=window.__xss=1 style=display:block;width:100%;height:100%>x</x>',
  '<svg><animate onbegin=window.__xss=1 attributeName=x dur=1s>',
  '<style>*{background:url("javascript:window.__xss=1")}</style>',
  '<link rel=import href="data:text/html,<script>window.__xss=1</script>">',
  '</p></li></ul><script>window.__xss=1</script>',
  '<!--<img src="--><img src=x onerror=window.__xss=1//">',
  '<textarea><script>window.__xss=1</script></textarea>',
  '<select autofocus onfocus=window.__xss=1>',
];

const text = (t: string, marks?: RichNode['marks']): RichNode => ({
  type: 'text',
  text: t,
  ...(marks ? { marks } : {}),
});
const para = (...content: RichNode[]): RichNode => ({ type: 'paragraph', content });
const doc = (...content: RichNode[]): RichNode => ({ type: 'doc', content });
const link = (href: string, extra: Record<string, unknown> = {}) =>
  doc(para(text('a link', [{ type: 'link', attrs: { href, ...extra } }])));

const OUR = '00000000-0000-4000-8000-000000000000';
const image = (src: string, alt = 'a picture') =>
  doc(para(text('see')), { type: 'image', attrs: { src, alt } });

const EDITOR_JSON: Array<{ name: string; doc: RichNode }> = [
  { name: 'script node', doc: doc({ type: 'script', content: [text('window.__xss=1')] }) },
  {
    name: 'html node',
    doc: doc({ type: 'html', attrs: { html: '<img src=x onerror=window.__xss=1>' } }),
  },
  {
    name: 'image node with onerror',
    doc: doc(para({ type: 'image', attrs: { src: 'x', onerror: 'window.__xss=1' } })),
  },
  {
    name: 'iframe node',
    doc: doc({ type: 'iframe', attrs: { src: 'javascript:window.__xss=1' } }),
  },
  { name: 'javascript: link', doc: link('javascript:window.__xss=1') },
  { name: 'mixed-case javascript: link', doc: link('JaVaScRiPt:window.__xss=1') },
  { name: 'javascript: link with a leading space', doc: link(' javascript:window.__xss=1') },
  { name: 'javascript: link with a tab', doc: link('java\tscript:window.__xss=1') },
  { name: 'data: link', doc: link('data:text/html,<script>window.__xss=1</script>') },
  { name: 'vbscript: link', doc: link('vbscript:msgbox(1)') },
  { name: 'protocol-relative link', doc: link('//evil.example/x') },
  { name: 'entity-encoded javascript: link', doc: link('javascript&colon;window.__xss=1') },
  {
    name: 'link breaking out of href',
    doc: link('https://ok.example/" onmouseover="window.__xss=1'),
  },
  {
    name: 'link target breaking out',
    doc: link('https://ok.example/', { target: '_blank" onclick="window.__xss=1' }),
  },
  {
    name: 'link with an onclick attribute',
    doc: link('https://ok.example/', { onclick: 'window.__xss=1' }),
  },
  {
    name: 'mention id breaking out of its attribute',
    doc: doc(
      para({ type: 'mention', attrs: { id: 'x" onmouseover="window.__xss=1', label: 'x' } }),
    ),
  },
  {
    name: 'mention label holding HTML',
    doc: doc(
      para({
        type: 'mention',
        attrs: { id: 'someone', label: '<img src=x onerror=window.__xss=1>' },
      }),
    ),
  },
  {
    name: 'heading level injection',
    doc: doc({
      type: 'heading',
      attrs: { level: '2 onclick=window.__xss=1' },
      content: [text('h')],
    }),
  },
  {
    name: 'heading level 1',
    doc: doc({ type: 'heading', attrs: { level: 1 }, content: [text('h')] }),
  },
  {
    name: 'ordered list start injection',
    doc: doc({ type: 'orderedList', attrs: { start: '1" onclick="window.__xss=1' }, content: [] }),
  },
  {
    name: 'code block language injection',
    doc: doc({
      type: 'codeBlock',
      attrs: { language: '"><script>window.__xss=1</script>' },
      content: [text('x')],
    }),
  },
  {
    name: 'paragraph style attribute',
    doc: doc({
      type: 'paragraph',
      attrs: { style: 'background:url(javascript:window.__xss=1)' },
      content: [text('p')],
    }),
  },
  {
    name: 'unknown mark with attributes',
    doc: doc(para(text('x', [{ type: 'span', attrs: { onclick: 'window.__xss=1' } }]))),
  },
  {
    name: 'text node with an extra attribute',
    doc: doc(para({ type: 'text', text: 'x', attrs: { onclick: 'window.__xss=1' } } as RichNode)),
  },
  { name: 'text outside a paragraph', doc: doc(text('<img src=x onerror=window.__xss=1>')) },
  {
    name: 'paragraph inside text',
    doc: doc(para({ ...text('t'), content: [para(text('<script>window.__xss=1</script>'))] })),
  },
  { name: 'a doc inside a doc', doc: doc(doc(para(text('<script>window.__xss=1</script>')))) },
  // images: only our own upload route as src, alt text required, no other attribute
  ...[
    'javascript:window.__xss=1',
    'data:image/svg+xml,<svg onload="window.__xss=1"/>',
    'https://evil.example/pixel.png',
    '//evil.example/pixel.png',
    `/community/communities/${OUR}/images/${OUR}" onerror="window.__xss=1`,
    `/community/communities/${OUR}/images/../../../../logout`,
    `https://evil.example/community/communities/${OUR}/images/${OUR}`,
  ].map((src) => ({ name: `image with a foreign src: ${src.slice(0, 40)}`, doc: image(src) })),
  {
    name: 'image of ours with alt breaking out',
    doc: image(`/community/communities/${OUR}/images/${OUR}`, '"><script>window.__xss=1</script>'),
  },
  {
    name: 'image of ours with onerror',
    doc: doc({
      type: 'image',
      attrs: {
        src: `/community/communities/${OUR}/images/${OUR}`,
        alt: 'x',
        onerror: 'window.__xss=1',
      },
    } as unknown as RichNode),
  },
  {
    name: 'library card with a smuggled title',
    doc: doc({
      type: 'libraryCard',
      attrs: { item: 'x', title: '<img src=x onerror=window.__xss=1>' },
    } as unknown as RichNode),
  },
  {
    name: 'library card naming HTML',
    doc: doc({ type: 'libraryCard', attrs: { item: '"><script>window.__xss=1</script>' } }),
  },
];

export interface XssPayload {
  name: string;
  doc: RichNode;
}

/** Every payload as a document (raw HTML ones as a paragraph of text). */
export const XSS_PAYLOADS: XssPayload[] = [
  ...RAW_HTML.map((html, i) => ({
    name: `raw HTML ${i + 1}: ${html.slice(0, 40)}`,
    doc: doc(para(text(html))),
  })),
  ...EDITOR_JSON,
];
