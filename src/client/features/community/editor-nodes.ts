import { mergeAttributes, Node } from '@tiptap/core';

/**
 * The editor's image: a block holding our own image URL and its alt text (the server accepts no
 * other src and refuses an image without alt). Only src and alt go into the JSON.
 */
export const ImageNode = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src^="/community/communities/"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['img', mergeAttributes(HTMLAttributes, { loading: 'lazy' })];
  },
});

/**
 * A library problem or strategy shared as a card: the JSON holds only the item's id; the editor
 * shows its title (known to the page), the thread page the whole card the server renders.
 */
export const LibraryCardNode = Node.create<{ titles: Record<string, string> }>({
  name: 'libraryCard',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions() {
    return { titles: {} };
  },
  addAttributes() {
    return { item: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'div[data-library-item]' }];
  },
  renderHTML({ node }) {
    const item = String(node.attrs.item ?? '');
    const title = Object.hasOwn(this.options.titles, item) ? this.options.titles[item] : null;
    return [
      'div',
      { 'data-library-item': item, class: 'library-card' },
      title ? `Library card: ${title}` : 'Library card',
    ];
  },
});
