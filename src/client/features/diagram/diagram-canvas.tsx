import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  applyNodeChanges,
  Background,
  Controls,
  MarkerType,
  MiniMap,
  Panel,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Connection,
  type Edge,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsShuffle, IconDownload, IconMaximize, IconPlus } from '@tabler/icons-react';
import {
  DIAGRAM_COLUMNS,
  type Diagram,
  type DiagramEdge,
  type DiagramNode,
} from '@shared/toc/diagram';
import { ELEMENT_KIND_LABELS } from '@shared/toc/vocabulary';
import { toast } from '../../lib/toast';
import { AddElementModal, ConfirmModal, type ConfirmRequest } from './dialogs';
import { ElementPanel } from './element-panel';
import { exportDiagram } from './export-image';
import { columnX, HEADER_Y, layoutDiagram, type Position } from './layout';
import { LinkPanel } from './link-panel';
import { KIND_COLORS, NODE_TYPES, type ColumnNodeType, type ElementNodeType } from './nodes';
import { diagramRequest } from './requests';
import classes from './diagram.module.css';

export interface DiagramCanvasProps {
  problemId: string;
  fileName: string;
  diagram: Diagram;
  can: { create: boolean; update: boolean; delete: boolean };
}

/** above this many elements the diagram opens on its first rows instead of fitting everything */
const FIT_ALL_MAX = 250;
/**
 * Fitting never zooms out below 0.8: the smallest text (12 px column labels, 14 px titles) stays at
 * 9.6 px or more. A wide diagram then fits its middle and pans for the rest, instead of 7 px text.
 */
const FIT_OPTIONS = { padding: 0.1, minZoom: 0.8 } as const;

type Selection = { type: 'node' | 'edge'; id: string } | null;

export function DiagramCanvas(props: DiagramCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({ problemId, fileName, diagram, can }: DiagramCanvasProps) {
  const flow = useReactFlow();
  // positions the user dragged nodes to (kept across reloads until "Re-arrange")
  const dragged = useRef(new Map<string, Position>());
  const [layoutVersion, setLayoutVersion] = useState(0);
  const [selected, setSelected] = useState<Selection>(null);
  const [adding, setAdding] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [renderAll, setRenderAll] = useState(false);

  const byId = useMemo(() => new Map(diagram.nodes.map((n) => [n.id, n])), [diagram.nodes]);
  const edgeById = useMemo(() => new Map(diagram.edges.map((e) => [e.id, e])), [diagram.edges]);
  const layout = useMemo(
    () => layoutDiagram(diagram.nodes, diagram.edges),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- layoutVersion deliberately forces a fresh layout (the Re-layout button)
    [diagram.nodes, diagram.edges, layoutVersion],
  );
  const onAdd = can.create ? setAdding : null;

  const baseNodes = useMemo<Node[]>(() => {
    const counts = DIAGRAM_COLUMNS.map(() => 0);
    for (const n of diagram.nodes) counts[n.column]++;
    const headers: ColumnNodeType[] = DIAGRAM_COLUMNS.map((c, i) => ({
      id: `column:${c.key}`,
      type: 'column',
      position: { x: columnX(i), y: HEADER_Y },
      data: { label: c.label, count: counts[i], column: i, onAdd },
      draggable: false,
      selectable: false,
      connectable: false,
      focusable: false,
    }));
    const elements: ElementNodeType[] = diagram.nodes.map((n) => ({
      id: n.id,
      type: 'element',
      position: dragged.current.get(n.id) ?? layout.get(n.id) ?? { x: columnX(n.column), y: 0 },
      data: { el: n },
      connectable: can.create,
    }));
    return [...headers, ...elements];
  }, [diagram.nodes, layout, onAdd, can.create]);

  const [nodes, setNodes] = useState<Node[]>(baseNodes);
  useEffect(() => setNodes(baseNodes), [baseNodes]);
  const nodesWithSelection = useMemo(
    () =>
      selected?.type === 'node'
        ? nodes.map((n) => (n.id === selected.id ? { ...n, selected: true } : n))
        : nodes,
    [nodes, selected],
  );

  const edges = useMemo<Edge[]>(
    () =>
      diagram.edges.map((e) => ({
        id: e.id,
        source: e.fromId,
        target: e.toId,
        selected: selected?.type === 'edge' && selected.id === e.id,
        markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
        style: e.assumptions
          ? { stroke: 'var(--mantine-color-violet-5)', strokeWidth: 1.5 }
          : { strokeWidth: 1.2 },
        ariaLabel: `${byId.get(e.fromId)?.title ?? ''} contributes to ${byId.get(e.toId)?.title ?? ''}`,
      })),
    [diagram.edges, selected, byId],
  );

  // a selection that no longer exists (deleted, reloaded) closes its panel
  useEffect(() => {
    if (selected?.type === 'node' && !byId.has(selected.id)) setSelected(null);
    if (selected?.type === 'edge' && !edgeById.has(selected.id)) setSelected(null);
  }, [byId, edgeById, selected]);

  const askDeleteNode = useCallback(
    (n: DiagramNode) =>
      setConfirm({
        title: `Delete ${ELEMENT_KIND_LABELS[n.kind]?.toLowerCase() ?? 'element'}?`,
        message: `"${n.title}" is deleted with its links${n.metricsCount ? `, its ${n.metricsCount} metric(s) and their data` : ''}. This cannot be undone.`,
        confirmLabel: 'Delete',
        onConfirm: () =>
          diagramRequest(
            'delete',
            'elements.destroy',
            { element: n.id },
            {},
            (ok) => ok && setSelected(null),
          ),
      }),
    [],
  );
  const askDeleteEdge = useCallback(
    (e: DiagramEdge) =>
      setConfirm({
        title: 'Delete link?',
        message: `"${byId.get(e.fromId)?.title}" will no longer lead to "${byId.get(e.toId)?.title}".`,
        confirmLabel: 'Delete link',
        onConfirm: () =>
          diagramRequest(
            'delete',
            'links.destroy',
            { link: e.id },
            {},
            (ok) => ok && setSelected(null),
          ),
      }),
    [byId],
  );

  // Delete (or Backspace) removes the selected element or link, after a confirmation
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      // Escape closes the side panel (wherever the focus is: on the node, in the panel)
      if (ev.key === 'Escape' && selected && !confirm && adding === null) return setSelected(null);
      if ((ev.key !== 'Delete' && ev.key !== 'Backspace') || !selected || !can.delete || confirm)
        return;
      const t = ev.target as HTMLElement | null;
      if (t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName))) return;
      ev.preventDefault();
      if (selected.type === 'node') {
        const n = byId.get(selected.id);
        if (n) askDeleteNode(n);
      } else {
        const e = edgeById.get(selected.id);
        if (e) askDeleteEdge(e);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selected, can.delete, confirm, adding, byId, edgeById, askDeleteNode, askDeleteEdge]);

  const isValidConnection = useCallback(
    (c: Connection | Edge) => {
      const from = byId.get(c.source);
      const to = byId.get(c.target);
      // the server decides which levels may link and refuses cycles, with a reason shown as a toast
      return !!from && !!to && from.id !== to.id;
    },
    [byId],
  );
  const onConnect = useCallback(
    (c: Connection) => {
      if (!can.create) return;
      diagramRequest(
        'post',
        'links.store',
        { problem: problemId },
        { fromId: c.source, toId: c.target },
      );
    },
    [can.create, problemId],
  );

  /**
   * Fit, but never below a readable zoom: when the whole diagram does not fit at that zoom, show
   * its start (activities on the left, read left to right) instead of the middle of the chain.
   */
  const fitReadable = async (duration = 0) => {
    await flow.fitView({ ...FIT_OPTIONS, duration });
    const vp = flow.getViewport();
    if (vp.zoom > FIT_OPTIONS.minZoom + 1e-6) return;
    const bounds = flow.getNodesBounds(flow.getNodes());
    await flow.setViewport({ x: 20 - bounds.x * vp.zoom, y: vp.y, zoom: vp.zoom }, { duration });
  };

  const rearrange = () => {
    dragged.current.clear();
    setLayoutVersion((v) => v + 1);
    requestAnimationFrame(() => void fitReadable(300));
  };

  const exportAs = async (format: 'png' | 'svg') => {
    // every node must be in the DOM for the picture, not only the visible ones
    setRenderAll(true);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    try {
      await exportDiagram(flow.getNodes(), format, fileName);
    } catch {
      toast.error('The image could not be made. Try the other format.');
    } finally {
      setRenderAll(false);
    }
  };

  const large = diagram.nodes.length > FIT_ALL_MAX;
  const selectedNode = selected?.type === 'node' ? (byId.get(selected.id) ?? null) : null;
  const selectedEdge = selected?.type === 'edge' ? (edgeById.get(selected.id) ?? null) : null;

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          {can.create && (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button size="xs" leftSection={<IconPlus size={14} />}>
                  Add element
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {DIAGRAM_COLUMNS.map((c, i) => (
                  <Menu.Item
                    key={c.key}
                    onClick={() => setAdding(i)}
                    leftSection={
                      <span
                        style={{
                          display: 'inline-block',
                          width: 10,
                          height: 10,
                          borderRadius: 2,
                          background: `var(--mantine-color-${KIND_COLORS[c.kind]}-6)`,
                        }}
                      />
                    }
                  >
                    {c.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowsShuffle size={14} />}
            onClick={rearrange}
          >
            Re-arrange
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMaximize size={14} />}
            onClick={() => void fitReadable(300)}
          >
            Fit
          </Button>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              disabled={!diagram.nodes.length}
            >
              Export
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => void exportAs('png')}>PNG image</Menu.Item>
            <Menu.Item onClick={() => void exportAs('svg')}>SVG image</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <div className={classes.canvas} data-testid="diagram-canvas">
        <ReactFlow
          nodes={nodesWithSelection}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={(changes) => {
            // keyboard selection (Tab to a node, Enter) arrives as a change, not a click
            const picked = changes.find((c) => c.type === 'select' && c.selected && byId.has(c.id));
            if (picked && picked.type === 'select') setSelected({ type: 'node', id: picked.id });
            setNodes((ns) => applyPositionChanges(ns, changes, dragged.current));
          }}
          onEdgesChange={(changes) => {
            const picked = changes.find((c) => c.type === 'select' && c.selected);
            if (picked && picked.type === 'select') setSelected({ type: 'edge', id: picked.id });
          }}
          onNodeClick={(_, n) => n.type === 'element' && setSelected({ type: 'node', id: n.id })}
          onEdgeClick={(_, e) => setSelected({ type: 'edge', id: e.id })}
          onPaneClick={() => setSelected(null)}
          onConnect={onConnect}
          isValidConnection={isValidConnection}
          nodesConnectable={can.create}
          deleteKeyCode={null}
          onlyRenderVisibleElements={!renderAll}
          minZoom={0.05}
          maxZoom={2}
          onInit={() => {
            if (!large) void fitReadable();
          }}
          defaultViewport={{ x: 20, y: 100, zoom: 0.8 }}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={24} />
          <Controls showInteractive={false} />
          <MiniMap
            pannable
            zoomable
            nodeColor={(n) =>
              n.type === 'element'
                ? `var(--mantine-color-${KIND_COLORS[(n.data as ElementNodeType['data']).el.kind] ?? 'gray'}-4)`
                : 'transparent'
            }
          />
          {!diagram.nodes.length && (
            <Panel position="top-center" style={{ marginTop: 120 }}>
              <Paper p="md" withBorder shadow="xs" maw={420}>
                <Text fw={600}>This theory of change is empty</Text>
                <Text size="sm" c="dimmed">
                  Start from the impact you aim for, then add the outcomes that lead to it, the
                  outputs that produce them and the activities behind those. Drag from a node's
                  right edge to another node to link them.
                </Text>
                {can.create && (
                  <Button mt="sm" size="xs" onClick={() => setAdding(DIAGRAM_COLUMNS.length - 1)}>
                    Add the impact
                  </Button>
                )}
              </Paper>
            </Panel>
          )}
        </ReactFlow>
      </div>
      <Text size="xs" c="dimmed">
        {diagram.nodes.length} elements · {diagram.edges.length} links.
        {can.create
          ? ' Drag from the right edge of an element to another to link them; click one to edit it; Delete removes the selection.'
          : ''}
      </Text>
      <ElementPanel
        node={selectedNode}
        canEdit={can.update}
        canDelete={can.delete}
        onClose={() => setSelected(null)}
        onDelete={askDeleteNode}
      />
      <LinkPanel
        edge={selectedEdge}
        titleOf={(id) => byId.get(id)?.title ?? ''}
        canEdit={can.update}
        canDelete={can.delete}
        onClose={() => setSelected(null)}
        onDelete={askDeleteEdge}
      />
      <AddElementModal problemId={problemId} column={adding} onClose={() => setAdding(null)} />
      <ConfirmModal request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** Apply drags and measured sizes to the nodes (selection and removal are handled by the page); remember where the user dropped them. */
function applyPositionChanges(
  nodes: Node[],
  changes: NodeChange[],
  dragged: Map<string, Position>,
): Node[] {
  const kept = changes.filter((c) => c.type === 'position' || c.type === 'dimensions');
  if (!kept.length) return nodes;
  for (const c of kept) if (c.type === 'position' && c.position) dragged.set(c.id, c.position);
  return applyNodeChanges(kept, nodes);
}
