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

/**
 * The whole diagram as a PNG or SVG file (xyflow's download-image recipe): the viewport element is
 * drawn with a transform that fits every node, whatever the current zoom and pan.
 * The caller makes sure every node is rendered first (onlyRenderVisibleElements off).
 */
export async function exportDiagram(nodes: Node[], format: 'png' | 'svg', fileName: string) {
  const viewportEl = document.querySelector<HTMLElement>('.react-flow__viewport');
  if (!viewportEl || !nodes.length) return;
  const bounds = getNodesBounds(nodes);
  const scale = Math.min(1, MAX_SIDE / Math.max(bounds.width + 2 * PADDING, bounds.height + 2 * PADDING));
  const width = Math.ceil((bounds.width + 2 * PADDING) * scale);
  const height = Math.ceil((bounds.height + 2 * PADDING) * scale);
  const vp = getViewportForBounds(bounds, width, height, 0.05, 2, 0);
  const options = {
    backgroundColor: '#ffffff',
    width,
    height,
    style: { width: `${width}px`, height: `${height}px`, transform: `translate(${vp.x}px, ${vp.y}px) scale(${vp.zoom})` },
    // the handles are editing affordances, not part of the picture
    filter: (el: HTMLElement) => !el.classList?.contains('react-flow__handle') && !el.classList?.contains('export-hidden'),
  };
  const url = format === 'png' ? await toPng(viewportEl, { ...options, pixelRatio: 1 }) : await toSvg(viewportEl, options);
  download(url, `${fileName}.${format}`);
}
