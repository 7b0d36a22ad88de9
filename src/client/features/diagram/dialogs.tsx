import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { DIAGRAM_COLUMNS } from '@shared/toc/diagram';
import { createElementFields, createElementSchema } from '@shared/problems/problems.schemas';
import { limitError } from '../../lib/field-limits';
import { passesCheck, stateForm } from '../../lib/form-check';
import { diagramRequest } from './requests';
import { useLastShown } from '../../hooks/use-last-shown';

const columnOptions = DIAGRAM_COLUMNS.map((c, i) => ({ value: String(i), label: c.label }));

/** "Add element": a level (column) and a title; elements.store, then the diagram reloads. */
export function AddElementModal({
  problemId,
  column,
  onClose,
}: {
  problemId: string;
  column: number | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={column !== null} onClose={onClose} title="Add element">
      {column !== null && (
        <AddElementForm key={column} problemId={problemId} column={column} onClose={onClose} />
      )}
    </Modal>
  );
}

function AddElementForm({
  problemId,
  column,
  onClose,
}: {
  problemId: string;
  column: number;
  onClose: () => void;
}) {
  const [col, setCol] = useState(String(column));
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tooLong = limitError(title.trim(), createElementFields.title);
  const submit = () => {
    const c = DIAGRAM_COLUMNS[Number(col)];
    const body = {
      kind: c.kind,
      ...(c.horizon ? { horizon: c.horizon } : {}),
      title: title.trim(),
    };
    if (!passesCheck(stateForm(body, setErrors), createElementSchema)) return;
    setSaving(true);
    diagramRequest('post', 'elements.store', { problem: problemId }, body, (ok) => {
      setSaving(false);
      if (ok) onClose();
    });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <ChoiceSelect
          label="Level"
          data={columnOptions}
          value={col}
          onChange={(v) => v && setCol(v)}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Title"
          required
          data-autofocus
          value={title}
          onChange={(e) => (setTitle(e.currentTarget.value), setErrors({}))}
          placeholder="e.g. Teachers trained in inclusive methods"
          error={tooLong ?? errors.title}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Add
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/** A yes/no question before a deletion (the Delete key and the panels' delete buttons). */
export function ConfirmModal({
  request,
  onClose,
}: {
  request: ConfirmRequest | null;
  onClose: () => void;
}) {
  const shown = useLastShown(request);
  return (
    <Modal opened={!!request} onClose={onClose} title={shown?.title} size="sm">
      <Stack gap="md">
        <Text size="sm">{shown?.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            data-autofocus
            onClick={() => {
              request?.onConfirm();
              onClose();
            }}
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
