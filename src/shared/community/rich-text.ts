import { z } from 'zod';
import { formatNumber } from '../format/number.js';

/**
 * Community posts are the rich text editor's (Tiptap's) JSON document. The server accepts only
 * the nodes, marks and attributes listed here (anything else is refused, not dropped), within
 * depth and size limits, and renders the HTML itself from the same list (`renderRichText`):
 * text is always escaped, links keep only http, https and mailto, and carry
 * rel="noopener nofollow ugc".
 */
const RICH_TEXT_MAX_BYTES = 60_000;
export const RICH_TEXT_MAX_DEPTH = 12;
const RICH_TEXT_MAX_NODES = 3000;
/** visible characters of a post at most */
const RICH_TEXT_MAX_CHARS = 20_000;
export const MENTIONS_PER_POST = 20;
const HREF_MAX = 2000;

const LINK_REL = 'noopener nofollow ugc';
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const USER_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** the only src an image may have: our own image route (`community.images.show`) */
const IMAGE_SRC_RE = new RegExp(`^/community/communities/(${UUID})/images/(${UUID})$`);
/** a library item: a shipped entry's slug or a team item's uuid */
const LIBRARY_ITEM_RE = /^[a-z0-9][a-z0-9-]{0,99}$/;
const ALT_MAX = 300;

/** The community and image ids of one of our image URLs, or null for any other src. */
function imageRef(src: unknown): { communityId: string; imageId: string } | null {
  if (typeof src !== 'string') return null;
  const m = IMAGE_SRC_RE.exec(src);
  return m ? { communityId: m[1], imageId: m[2] } : null;
}

/** The URL of an uploaded image (the same path as the `community.images.show` route). */
export const imageSrc = (communityId: string, imageId: string) =>
  `/community/communities/${communityId}/images/${imageId}`;

/** An href we link to: absolute http(s) or mailto, no control characters or spaces; else null. */
export function safeHref(href: unknown): string | null {
  if (typeof href !== 'string' || href.length === 0 || href.length > HREF_MAX) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!LINK_PROTOCOLS.has(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  return url.href;
}

const nullish = <T extends z.ZodType>(t: T) => t.nullable().optional();
const noAttrs = z.strictObject({}).optional();
const str = (max: number) => z.string().max(max);

const MARK_SCHEMAS = {
  bold: z.strictObject({ type: z.literal('bold'), attrs: noAttrs }),
  italic: z.strictObject({ type: z.literal('italic'), attrs: noAttrs }),
  underline: z.strictObject({ type: z.literal('underline'), attrs: noAttrs }),
  strike: z.strictObject({ type: z.literal('strike'), attrs: noAttrs }),
  code: z.strictObject({ type: z.literal('code'), attrs: noAttrs }),
  link: z.strictObject({
    type: z.literal('link'),
    attrs: z.strictObject({
      href: z.string().refine((h) => safeHref(h) !== null, 'Links must be http, https or mailto.'),
      // the editor's own attributes: accepted, never rendered (the renderer sets its own)
      target: nullish(str(20)),
      rel: nullish(str(100)),
      class: nullish(str(100)),
      title: nullish(str(300)),
    }),
  }),
} as const;
type MarkType = keyof typeof MARK_SCHEMAS;

const block = (type: string, attrs: z.ZodType = noAttrs) =>
  z.strictObject({ type: z.literal(type), attrs, content: z.array(z.unknown()).optional() });

const NODE_SCHEMAS = {
  doc: block('doc'),
  paragraph: block('paragraph', z.strictObject({ textAlign: nullish(z.null()) }).optional()),
  heading: block(
    'heading',
    z.strictObject({ level: z.union([z.literal(2), z.literal(3)]), textAlign: nullish(z.null()) }),
  ),
  bulletList: block('bulletList'),
  orderedList: block(
    'orderedList',
    z
      .strictObject({
        start: z.number().int().min(1).max(100_000).optional(),
        type: nullish(z.enum(['1', 'a', 'A', 'i', 'I'])),
      })
      .optional(),
  ),
  listItem: block('listItem'),
  blockquote: block('blockquote'),
  codeBlock: block(
    'codeBlock',
    z.strictObject({ language: nullish(z.string().regex(/^[A-Za-z0-9+#-]{0,30}$/)) }).optional(),
  ),
  horizontalRule: z.strictObject({ type: z.literal('horizontalRule'), attrs: noAttrs }),
  hardBreak: z.strictObject({
    type: z.literal('hardBreak'),
    attrs: noAttrs,
    marks: z.array(z.unknown()).max(10).optional(),
  }),
  mention: z.strictObject({
    type: z.literal('mention'),
    attrs: z.strictObject({
      id: z.string().regex(USER_ID_RE, 'A mention must name a member.'),
      label: nullish(str(200)),
      mentionSuggestionChar: nullish(z.literal('@')),
    }),
    marks: z.array(z.unknown()).max(10).optional(),
  }),
  image: z.strictObject({
    type: z.literal('image'),
    attrs: z.strictObject({
      src: z
        .string()
        .refine((v) => imageRef(v) !== null, 'Images must be uploaded with the image button.'),
      alt: z
        .string()
        .refine(
          (v) => v.trim().length > 0 && v.length <= ALT_MAX,
          `Describe each image in a few words (alt text, at most ${ALT_MAX} characters).`,
        ),
      title: nullish(str(ALT_MAX)),
      width: nullish(z.number().int().min(1).max(10_000)),
      height: nullish(z.number().int().min(1).max(10_000)),
    }),
  }),
  libraryCard: z.strictObject({
    type: z.literal('libraryCard'),
    attrs: z.strictObject({
      item: z
        .string()
        .refine((v) => LIBRARY_ITEM_RE.test(v), 'A library card must name a library item.'),
    }),
  }),
  text: z.strictObject({
    type: z.literal('text'),
    text: z.string().min(1),
    marks: z.array(z.unknown()).max(10).optional(),
  }),
} as const;
type NodeType = keyof typeof NODE_SCHEMAS;

/** which children each block takes */
const CHILDREN: Partial<Record<NodeType, readonly NodeType[]>> = {
  doc: [
    'paragraph',
    'heading',
    'bulletList',
    'orderedList',
    'blockquote',
    'codeBlock',
    'horizontalRule',
    'image',
    'libraryCard',
  ],
  paragraph: ['text', 'hardBreak', 'mention'],
  heading: ['text', 'hardBreak', 'mention'],
  bulletList: ['listItem'],
  orderedList: ['listItem'],
  listItem: ['paragraph', 'heading', 'bulletList', 'orderedList', 'blockquote', 'codeBlock'],
  blockquote: ['paragraph', 'heading', 'bulletList', 'orderedList', 'codeBlock'],
  codeBlock: ['text'],
};

/** what an attribute of the editor's JSON holds */
type AttrValue = string | number | boolean | null;
export interface RichNode {
  type: string;
  attrs?: Record<string, AttrValue>;
  content?: RichNode[];
  marks?: Array<{ type: string; attrs?: Record<string, AttrValue> }>;
  text?: string;
}
export type RichDoc = RichNode & { type: 'doc' };

class RichTextError extends Error {}

/**
 * Check a document against the allowlist: a message for the user, or null when it is fine.
 * Nothing is cleaned up silently: a document with anything unknown is refused whole.
 */
export function richTextProblem(value: unknown): string | null {
  let size: number;
  try {
    size = new TextEncoder().encode(JSON.stringify(value) ?? '').length;
  } catch {
    return 'The text could not be read.';
  }
  if (size > RICH_TEXT_MAX_BYTES) return 'The text is too long.';
  const counter = { nodes: 0, chars: 0 };
  try {
    check(value, 'doc', 0, counter);
  } catch (e) {
    if (e instanceof RichTextError) return e.message;
    throw e;
  }
  if (counter.chars === 0) return 'Write something first.';
  if (counter.chars > RICH_TEXT_MAX_CHARS)
    return `A post may be at most ${formatNumber(RICH_TEXT_MAX_CHARS, 0)} characters.`;
  return null;
}

function check(
  value: unknown,
  expected: NodeType | 'child',
  depth: number,
  counter: { nodes: number; chars: number },
) {
  if (depth > RICH_TEXT_MAX_DEPTH) throw new RichTextError('The text is nested too deeply.');
  if (++counter.nodes > RICH_TEXT_MAX_NODES)
    throw new RichTextError('The text has too many parts.');
  const type = (value as { type?: unknown } | null)?.type;
  if (
    typeof type !== 'string' ||
    !(type in NODE_SCHEMAS) ||
    (expected !== 'child' && type !== expected)
  )
    throw new RichTextError('The text holds something that is not allowed.');
  const parsed = NODE_SCHEMAS[type as NodeType].safeParse(value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const custom = first?.code === 'custom' || first?.path.at(-1) === 'id' ? first.message : null;
    if (type === 'image' && !custom) throw new RichTextError('An image is not allowed.');
    throw new RichTextError(custom ?? 'The text holds something that is not allowed.');
  }
  const node = value as RichNode;
  if (node.type === 'text') counter.chars += node.text!.length;
  if (node.type === 'mention' || node.type === 'image' || node.type === 'libraryCard')
    counter.chars += 1;
  for (const mark of node.marks ?? []) {
    const t = (mark as { type?: unknown } | null)?.type;
    if (typeof t !== 'string' || !(t in MARK_SCHEMAS))
      throw new RichTextError('The text holds formatting that is not allowed.');
    const m = MARK_SCHEMAS[t as MarkType].safeParse(mark);
    if (!m.success)
      throw new RichTextError(
        m.error.issues[0]?.code === 'custom' ? m.error.issues[0].message : 'A link is not allowed.',
      );
  }
  const allowed = CHILDREN[node.type as NodeType];
  if (node.content !== undefined) {
    if (!allowed) throw new RichTextError('The text holds something that is not allowed.');
    for (const child of node.content) {
      const ct = (child as { type?: unknown } | null)?.type;
      if (typeof ct !== 'string' || !allowed.includes(ct as NodeType))
        throw new RichTextError('The text holds something that is not allowed.');
      check(child, 'child', depth + 1, counter);
    }
  }
}

/** The zod field for a post's body: the editor's JSON, checked against the allowlist. */
export const richTextField = z.unknown().superRefine((value, ctx) => {
  if (value === undefined || value === null || value === '') {
    ctx.addIssue({ code: 'custom', message: 'Write something first.' });
    return;
  }
  const problem = richTextProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}) as z.ZodType<RichDoc>;

const ESC: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

const SIMPLE_TAGS: Partial<Record<string, string>> = {
  paragraph: 'p',
  bulletList: 'ul',
  listItem: 'li',
  blockquote: 'blockquote',
};
const MARK_TAGS: Record<Exclude<MarkType, 'link'>, string> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
  code: 'code',
};

function renderMarks(html: string, marks: RichNode['marks']): string {
  let out = html;
  for (const mark of [...(marks ?? [])].reverse()) {
    if (mark.type === 'link') {
      const href = safeHref(mark.attrs?.href);
      if (href) out = `<a href="${escapeHtml(href)}" rel="${LINK_REL}" target="_blank">${out}</a>`;
      continue;
    }
    const tag = MARK_TAGS[mark.type as Exclude<MarkType, 'link'>];
    if (tag) out = `<${tag}>${out}</${tag}>`;
  }
  return out;
}

/** Names to show for mentioned user ids (the current name wins over the label typed). */
export type MentionNames = Record<string, string>;

/** What a library card shows, looked up by the server when it renders (never from the JSON). */
export interface LibraryCardInfo {
  kind: 'problem' | 'strategy';
  title: string;
  sectorLabel: string;
  summary: string | null;
  /** the page that copies it into one of the reader's projects */
  href: string;
}
export interface RenderLookups {
  names?: MentionNames;
  cards?: Record<string, LibraryCardInfo>;
}

function nameOf(node: RichNode, names: MentionNames): string {
  const id = String(node.attrs?.id ?? '');
  if (Object.hasOwn(names, id) && typeof names[id] === 'string') return names[id];
  return typeof node.attrs?.label === 'string' ? node.attrs.label : 'someone';
}

function renderNode(node: RichNode, look: RenderLookups): string {
  const names = look.names ?? {};
  const inner = () => (node.content ?? []).map((c) => renderNode(c, look)).join('');
  switch (node.type) {
    case 'doc':
      return inner();
    case 'text':
      return renderMarks(escapeHtml(node.text ?? ''), node.marks);
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
      return '<hr>';
    case 'heading': {
      const level = node.attrs?.level === 3 ? 3 : 2;
      return `<h${level}>${inner()}</h${level}>`;
    }
    case 'orderedList': {
      const start = Number(node.attrs?.start);
      const s = Number.isInteger(start) && start > 1 ? ` start="${start}"` : '';
      return `<ol${s}>${inner()}</ol>`;
    }
    case 'codeBlock':
      return `<pre><code>${inner()}</code></pre>`;
    case 'image': {
      const src = node.attrs?.src;
      if (!imageRef(src) || typeof node.attrs?.alt !== 'string') return '';
      return `<img src="${escapeHtml(src as string)}" alt="${escapeHtml(node.attrs.alt)}" loading="lazy">`;
    }
    case 'libraryCard':
      return renderCard(String(node.attrs?.item ?? ''), look.cards ?? {});
    case 'mention': {
      const id = String(node.attrs?.id ?? '');
      if (!USER_ID_RE.test(id)) return '';
      return `<span class="mention" data-user-id="${escapeHtml(id)}">@${escapeHtml(nameOf(node, names))}</span>`;
    }
    default: {
      const tag = SIMPLE_TAGS[node.type];
      return tag ? `<${tag}>${inner()}</${tag}>` : '';
    }
  }
}

function renderCard(item: string, cards: Record<string, LibraryCardInfo>): string {
  const card = LIBRARY_ITEM_RE.test(item) && Object.hasOwn(cards, item) ? cards[item] : null;
  if (!card)
    return '<div class="library-card"><p>A library item that is no longer available.</p></div>';
  const kind = card.kind === 'problem' ? 'Library problem' : 'Library strategy';
  const summary = card.summary ? `<p>${escapeHtml(card.summary)}</p>` : '';
  const href = card.href.startsWith('/') && !card.href.startsWith('//') ? card.href : '#';
  return (
    `<div class="library-card" data-library-item="${escapeHtml(item)}">` +
    `<p class="library-card-kind">${kind} · ${escapeHtml(card.sectorLabel)}</p>` +
    `<p class="library-card-title"><strong>${escapeHtml(card.title)}</strong></p>${summary}` +
    `<p><a href="${escapeHtml(href)}">Copy into one of your projects</a></p></div>`
  );
}

/** The HTML of a checked document: only the allowlist's tags, every text escaped. */
export function renderRichText(doc: RichDoc, look: RenderLookups = {}): string {
  return renderNode(doc, look);
}

/** The plain text of a document (search, excerpts, notifications, the audit log). */
export function plainText(doc: RichNode, names: MentionNames = {}, max = Infinity): string {
  const parts: string[] = [];
  let length = 0;
  const push = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  const walk = (n: RichNode) => {
    if (length > max) return;
    if (n.type === 'text') push(n.text ?? '');
    else if (n.type === 'mention') push(`@${nameOf(n, names)}`);
    else if (n.type === 'hardBreak') push(' ');
    else if (n.type === 'image' && typeof n.attrs?.alt === 'string') push(`[${n.attrs.alt}]`);
    else if (n.type === 'libraryCard') push('[library card]');
    for (const c of n.content ?? []) walk(c);
    if (n.type !== 'text' && n.type !== 'mention' && n.type !== 'doc') push(' ');
  };
  walk(doc);
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The image ids a document shows, with the community named in each src. */
export function imagesOf(doc: RichNode): Array<{ communityId: string; imageId: string }> {
  const out: Array<{ communityId: string; imageId: string }> = [];
  const walk = (n: RichNode) => {
    const ref = n.type === 'image' ? imageRef(n.attrs?.src) : null;
    if (ref && !out.some((o) => o.imageId === ref.imageId)) out.push(ref);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return out;
}

/** The distinct library items a document's cards name, in order. */
export function cardItemsOf(doc: RichNode): string[] {
  const ids: string[] = [];
  const walk = (n: RichNode) => {
    if (
      n.type === 'libraryCard' &&
      typeof n.attrs?.item === 'string' &&
      !ids.includes(n.attrs.item)
    )
      ids.push(n.attrs.item);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return ids;
}

/** The distinct user ids a document mentions, in order. */
export function mentionedUserIds(doc: RichNode): string[] {
  const ids: string[] = [];
  const walk = (n: RichNode) => {
    if (n.type === 'mention' && typeof n.attrs?.id === 'string' && !ids.includes(n.attrs.id))
      ids.push(n.attrs.id);
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return ids;
}

/** A document of plain paragraphs (seeds and tests). */
export function docOf(...paragraphs: string[]): RichDoc {
  return {
    type: 'doc',
    content: paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
  };
}
