import { useState } from 'react';
import { Button, Drawer, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconTrash } from '@tabler/icons-react';
import type { DiagramNode } from '@shared/toc/diagram';
import {
  ELEMENT_KIND_LABELS,
  ELEMENT_STATUS_LABELS,
  ELEMENT_STATUSES,
  OUTCOME_HORIZON_LABELS,
  OUTCOME_HORIZONS,
} from '@shared/toc/vocabulary';
import { Link } from '@inertiajs/react';
import { route } from '@shared/route';
import { updateElementFields, updateElementSchema } from '@shared/problems/problems.schemas';
import { limitError } from '../../lib/field-limits';
import { useLastShown } from '../../hooks/use-last-shown';
import { passesCheck, stateForm } from '../../lib/form-check';
import { diagramRequest } from './requests';

interface Props {
  node: DiagramNode | null;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
  onDelete: (node: DiagramNode) => void;
}

const statusOptions = ELEMENT_STATUSES.map((s) => ({ value: s, label: ELEMENT_STATUS_LABELS[s] }));
const horizonOptions = OUTCOME_HORIZONS.map((h) => ({
  value: h,
  label: OUTCOME_HORIZON_LABELS[h],
}));

/** The side panel of a selected element: edit its details (elements.update) or delete it. */
export function ElementPanel({ node, canEdit, canDelete, onClose, onDelete }: Props) {
  const titled = useLastShown(node);
  return (
    <Drawer
      opened={!!node}
      onClose={onClose}
      position="right"
      size="min(380px, 100vw)"
      withOverlay={false}
      closeOnClickOutside={false}
      trapFocus={false}
      lockScroll={false}
      title={titled ? ELEMENT_KIND_LABELS[titled.kind] : 'Element'}
    >
      {node && (
        <ElementForm
          key={node.id + node.title + node.status + (node.horizon ?? '')}
          node={node}
          canEdit={canEdit}
          canDelete={canDelete}
          onDelete={onDelete}
        />
      )}
    </Drawer>
  );
}

function ElementForm({
  node,
  canEdit,
  canDelete,
  onDelete,
}: {
  node: DiagramNode;
  canEdit: boolean;
  canDelete: boolean;
  onDelete: (n: DiagramNode) => void;
}) {
  const [data, setData] = useState({
    title: node.title,
    description: node.description ?? '',
    status: node.status,
    horizon: node.horizon ?? 'short',
    assumptions: node.assumptions ?? '',
    risks: node.risks ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = (k: keyof typeof data) => (v: string | null) =>
    setData((d) => ({ ...d, [k]: v ?? '' }));
  const text = (k: keyof typeof data) => ({
    value: data[k],
    onChange: (e: { currentTarget: { value: string } }) => set(k)(e.currentTarget.value),
    error: limitError(data[k], updateElementFields[k]) ?? errors[k],
    readOnly: !canEdit,
  });

  const save = () => {
    const body: Record<string, unknown> = {
      title: data.title,
      description: data.description || null,
      status: data.status,
      assumptions: data.assumptions || null,
      risks: data.risks || null,
    };
    if (node.kind === 'outcome') body.horizon = data.horizon;
    if (!passesCheck(stateForm(body, setErrors), updateElementSchema)) return;
    setSaving(true);
    diagramRequest('put', 'elements.update', { element: node.id }, body, () => setSaving(false));
  };
  const detailsUrl = route('elements.show', { element: node.id });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canEdit) save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Title"
          required
          {...text('title')}
          onChange={(e) => (setErrors({}), set('title')(e.currentTarget.value))}
        />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...text('description')} />
        <Group grow>
          <ChoiceSelect
            label="Status"
            data={statusOptions}
            value={data.status}
            onChange={set('status')}
            disabled={!canEdit}
            error={errors.status}
          />
          {node.kind === 'outcome' && (
            <ChoiceSelect
              label="Horizon"
              data={horizonOptions}
              value={data.horizon}
              onChange={set('horizon')}
              disabled={!canEdit}
              error={errors.horizon}
            />
          )}
        </Group>
        <Textarea
          label="Assumptions"
          description="What must hold for this to happen"
          autosize
          minRows={2}
          maxRows={6}
          {...text('assumptions')}
        />
        <Textarea label="Risks" autosize minRows={2} maxRows={6} {...text('risks')} />
        <Text size="xs" c="dimmed">
          {node.metricsCount === 0
            ? 'No metrics yet.'
            : `${node.metricsCount} ${node.metricsCount === 1 ? 'metric' : 'metrics'}.`}{' '}
          {detailsUrl && <Link href={detailsUrl}>Open the element page</Link>}
        </Text>
        <Group justify="space-between">
          {canDelete ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onDelete(node)}
            >
              Delete
            </Button>
          ) : (
            <span />
          )}
          {canEdit && (
            <Button type="submit" loading={saving}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
