import { getNodesBounds, getViewportForBounds, type Node } from '@xyflow/react';
import { toPng, toSvg } from 'html-to-image';

const MAX_SIDE = 8000;
const PADDING = 40;

function download(dataUrl: string, fileName: string) {
  const a = document.createElement('a');
  a.setAttribute('download', fileName);
  a.setAttribute('href', dataUrl);
  a.click();
}

const SVG_PAINT = [
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'fill',
  'fill-opacity',
  'opacity',
];

/**
 * Write the paint of the links (SVG paths styled by xyflow's stylesheet: `stroke: var(--xy-edge-stroke…)`)
 * and every inline `var(--mantine-color-…)` (the nodes' level colours) as the values they compute to, and
 * return how to put the styles back. html-to-image copies inline styles, not the page's stylesheets and
 * variables, into an SVG of its own: a link's stroke came out as nothing, leaving only its arrowhead.
 */
function inlinePaint(root: Element): () => void {
  const restore: Array<() => void> = [];
  for (const el of [root, ...root.querySelectorAll('*')] as Array<HTMLElement | SVGElement>) {
    const style = el.style;
    if (!style) continue;
    const svg = el instanceof SVGElement && !(el instanceof SVGSVGElement);
    const vars = style.cssText.includes('var(');
    if (!svg && !vars) continue;
    const before = el.getAttribute('style');
    const computed = getComputedStyle(el);
    if (vars) {
      for (let i = 0; i < style.length; i++) {
        const prop = style.item(i);
        if (style.getPropertyValue(prop).includes('var('))
          style.setProperty(prop, computed.getPropertyValue(prop), style.getPropertyPriority(prop));
      }
    }
    if (svg) for (const prop of SVG_PAINT) style.setProperty(prop, computed.getPropertyValue(prop));
    restore.push(() =>
      before === null ? el.removeAttribute('style') : el.setAttribute('style', before),
    );
  }
  return () => restore.forEach((r) => r());
}

/**
 * The whole diagram as a PNG or SVG file (xyflow's download-image recipe): the viewport element is
 * drawn with a transform that fits every node, whatever the current zoom and pan.
 * The caller makes sure every node is rendered first (onlyRenderVisibleElements off).
 */
export async function exportDiagram(nodes: Node[], format: 'png' | 'svg', fileName: string) {
  const viewportEl = document.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewportEl || !nodes.length) return;
  const bounds = getNodesBounds(nodes);
  const scale = Math.min(
    1,
    MAX_SIDE / Math.max(bounds.width + 2 * PADDING, bounds.height + 2 * PADDING),
  );
  const width = Math.ceil((bounds.width + 2 * PADDING) * scale);
  const height = Math.ceil((bounds.height + 2 * PADDING) * scale);
  const vp = getViewportForBounds(bounds, width, height, 0.05, 2, 0);
  const options = {
    backgroundColor: '#ffffff',
    width,
    height,
    style: {
      width: `${width}px`,
      height: `${height}px`,
      transform: `translate(${vp.x}px, ${vp.y}px) scale(${vp.zoom})`,
    },
    // the handles are editing affordances, not part of the picture
    filter: (el: HTMLElement) =>
      !el.classList?.contains('react-flow__handle') && !el.classList?.contains('export-hidden'),
  };
  const restore = inlinePaint(viewportEl);
  let url: string;
  try {
    url =
      format === 'png'
        ? await toPng(viewportEl, { ...options, pixelRatio: 1 })
        : await toSvg(viewportEl, options);
  } finally {
    restore();
  }
  download(url, `${fileName}.${format}`);
}
