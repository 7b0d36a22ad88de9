import { useState } from 'react';
import { Button, Drawer, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import type { DiagramEdge } from '@shared/toc/diagram';
import { createLinkFields, updateLinkSchema } from '@shared/problems/problems.schemas';
import { limitError } from '../../lib/field-limits';
import { passesCheck, stateForm } from '../../lib/form-check';
import { diagramRequest } from './requests';

interface Props {
  edge: DiagramEdge | null;
  titleOf: (id: string) => string;
  canEdit: boolean;
  canDelete: boolean;
  onClose: () => void;
  onDelete: (edge: DiagramEdge) => void;
}

/** The side panel of a selected link: its assumptions and risks (links.update), or delete it. */
export function LinkPanel({ edge, titleOf, canEdit, canDelete, onClose, onDelete }: Props) {
  return (
    <Drawer
      opened={!!edge}
      onClose={onClose}
      position="right"
      size="min(380px, 100vw)"
      withOverlay={false}
      closeOnClickOutside={false}
      trapFocus={false}
      lockScroll={false}
      title="Link"
    >
      {edge && (
        <LinkForm
          key={edge.id + (edge.assumptions ?? '') + (edge.risks ?? '')}
          edge={edge}
          titleOf={titleOf}
          canEdit={canEdit}
          canDelete={canDelete}
          onDelete={onDelete}
        />
      )}
    </Drawer>
  );
}

function LinkForm({
  edge,
  titleOf,
  canEdit,
  canDelete,
  onDelete,
}: Omit<Props, 'onClose' | 'edge'> & { edge: DiagramEdge }) {
  const [assumptions, setAssumptions] = useState(edge.assumptions ?? '');
  const [risks, setRisks] = useState(edge.risks ?? '');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = () => {
    const body = { assumptions: assumptions || null, risks: risks || null };
    if (!passesCheck(stateForm(body, setErrors), updateLinkSchema)) return;
    setSaving(true);
    diagramRequest('put', 'links.update', { link: edge.id }, body, () => setSaving(false));
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (canEdit) save();
      }}
    >
      <Stack gap="sm">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {titleOf(edge.fromId)}
          </Text>
          <Group gap={4} c="dimmed">
            <IconArrowRight size={14} />
            <Text size="xs">contributes to</Text>
          </Group>
          <Text size="sm" fw={600}>
            {titleOf(edge.toId)}
          </Text>
        </Stack>
        <Textarea
          label="Assumptions"
          description="Why the first leads to the second"
          autosize
          minRows={3}
          maxRows={8}
          value={assumptions}
          onChange={(e) => setAssumptions(e.currentTarget.value)}
          error={limitError(assumptions, createLinkFields.assumptions) ?? errors.assumptions}
          readOnly={!canEdit}
        />
        <Textarea
          label="Risks"
          autosize
          minRows={2}
          maxRows={6}
          value={risks}
          onChange={(e) => setRisks(e.currentTarget.value)}
          error={limitError(risks, createLinkFields.risks) ?? errors.risks}
          readOnly={!canEdit}
        />
        <Group justify="space-between">
          {canDelete ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onDelete(edge)}
            >
              Delete link
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
