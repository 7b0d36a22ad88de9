import { useState, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { route } from '@shared/route';
import {
  ELEMENT_KIND_LABELS,
  ELEMENT_STATUS_LABELS,
  ELEMENT_STATUSES,
  OUTCOME_HORIZON_LABELS,
  OUTCOME_HORIZONS,
  type ElementKind,
  type OutcomeHorizon,
} from '@shared/toc/vocabulary';
import type { MemberOption } from '@shared/problems/problems.types';
import { elementDialogTitle } from './labels';
import {
  createElementSchema,
  elementFields,
  updateElementSchema,
} from '@shared/problems/problems.schemas';
import { passesCheck } from '../../lib/form-check';
import { limitError } from '../../lib/field-limits';

interface EditableElement {
  id: string;
  kind: ElementKind;
  horizon: OutcomeHorizon | null;
  title: string;
  description: string | null;
  assumptions: string | null;
  risks: string | null;
  ownerId: string | null;
  startDate: string | null;
  endDate: string | null;
  status: string;
}

/** What the form is for: a new element (optionally as the child or parent of another), or an existing one. */
export type ElementFormMode =
  | {
      type: 'create';
      kinds: ElementKind[];
      horizon?: OutcomeHorizon;
      parent?: { id: string; title: string };
      child?: { id: string; title: string };
    }
  | { type: 'edit'; element: EditableElement };

interface Props {
  problemId: string;
  mode: ElementFormMode | null;
  members: MemberOption[];
  onClose: () => void;
}

/** The element form in a modal: used by the list tabs, the element page and (through its props) any other screen. */
export function ElementFormModal({ problemId, mode, members, onClose }: Props) {
  // keep the form while the modal fades out
  const [shown, setShown] = useState(mode);
  const [opens, setOpens] = useState(0);
  if (mode && mode !== shown) {
    setShown(mode);
    setOpens(opens + 1); // a fresh form each time it opens
  }
  return (
    <Modal
      opened={!!mode}
      onClose={onClose}
      title={shown ? elementDialogTitle(shown) : ''}
      size="lg"
      centered
    >
      {shown && (
        <ElementForm
          key={opens}
          problemId={problemId}
          mode={shown}
          members={members}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function ElementForm({
  problemId,
  mode,
  members,
  onDone,
}: {
  problemId: string;
  mode: ElementFormMode;
  members: MemberOption[];
  onDone: () => void;
}) {
  const e = mode.type === 'edit' ? mode.element : null;
  const form = useForm({
    kind: e?.kind ?? (mode.type === 'create' ? mode.kinds[0] : 'activity'),
    horizon: (e?.horizon ??
      (mode.type === 'create' ? (mode.horizon ?? 'short') : 'short')) as string,
    title: e?.title ?? '',
    description: e?.description ?? '',
    assumptions: e?.assumptions ?? '',
    risks: e?.risks ?? '',
    ownerId: e?.ownerId ?? '',
    startDate: e?.startDate ?? '',
    endDate: e?.endDate ?? '',
    status: e?.status ?? 'planned',
  });
  const kinds: ElementKind[] =
    mode.type === 'create' ? mode.kinds : ['activity', 'output', 'outcome', 'impact'];
  const errors = form.errors as Record<string, string | undefined>;

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const prepare = (d: typeof form.data) => {
      const body: Record<string, unknown> = {
        ...d,
        horizon: d.kind === 'outcome' ? d.horizon : null,
        ownerId: d.ownerId || null,
      };
      if (mode.type === 'create') {
        if (mode.parent) body.parentId = mode.parent.id;
        if (mode.child) body.childId = mode.child.id;
      }
      return body;
    };
    const schema = mode.type === 'edit' ? updateElementSchema : createElementSchema;
    if (!passesCheck(form, schema, prepare(form.data))) return;
    form.transform(prepare);
    const opts = { preserveScroll: true, onSuccess: () => onDone() };
    if (mode.type === 'edit')
      form.put(route('elements.update', { element: mode.element.id }), opts);
    else form.post(route('elements.store', { problem: problemId }), opts);
  };

  const text = (key: 'title' | 'startDate' | 'endDate') => ({
    value: form.data[key],
    onChange: (ev: { currentTarget: { value: string } }) =>
      form.setData(key, ev.currentTarget.value),
    error: limitError(form.data[key], elementFields[key]) ?? errors[key],
  });
  const area = (key: 'description' | 'assumptions' | 'risks') => ({
    value: form.data[key],
    onChange: (ev: { currentTarget: { value: string } }) =>
      form.setData(key, ev.currentTarget.value),
    error: limitError(form.data[key], elementFields[key]) ?? errors[key],
    autosize: true,
    minRows: 2,
    maxRows: 8,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {(errors.parentId || errors.childId) && (
          <Alert color="red" variant="light" title="This link is not possible">
            {errors.parentId ?? errors.childId}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: form.data.kind === 'outcome' ? 2 : 1 }}>
          {kinds.length > 1 && (
            <ChoiceSelect
              label="Level"
              data={kinds.map((k) => ({ value: k, label: ELEMENT_KIND_LABELS[k] }))}
              value={form.data.kind}
              onChange={(v) => v && form.setData('kind', v)}
              error={errors.kind}
            />
          )}
          {form.data.kind === 'outcome' && (
            <ChoiceSelect
              label="Horizon"
              data={OUTCOME_HORIZONS.map((h) => ({ value: h, label: OUTCOME_HORIZON_LABELS[h] }))}
              value={form.data.horizon}
              onChange={(v) => v && form.setData('horizon', v)}
              error={errors.horizon}
              required
            />
          )}
        </SimpleGrid>
        <TextInput
          label="Title"
          placeholder={placeholderOf(form.data.kind)}
          {...text('title')}
          required
          data-autofocus
        />
        <Textarea label="Description" {...area('description')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ChoiceSelect
            label="Owner"
            noneLabel="Nobody yet"
            data={members.map((m) => ({ value: m.id, label: m.name }))}
            value={form.data.ownerId || null}
            onChange={(v) => form.setData('ownerId', v)}
            error={errors.ownerId}
            searchable
          />
          <ChoiceSelect
            label="Status"
            data={ELEMENT_STATUSES.map((s) => ({ value: s, label: ELEMENT_STATUS_LABELS[s] }))}
            value={form.data.status}
            onChange={(v) => v && form.setData('status', v)}
            error={errors.status}
          />
          <TextInput type="date" label="Start date" {...text('startDate')} />
          <TextInput type="date" label="End date" {...text('endDate')} />
        </SimpleGrid>
        <Textarea
          label="Assumptions"
          description="What must hold for this to work?"
          {...area('assumptions')}
        />
        <Textarea label="Risks" description="What could get in the way?" {...area('risks')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            {mode.type === 'edit' ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function placeholderOf(kind: ElementKind) {
  switch (kind) {
    case 'activity':
      return 'e.g. Train 40 teachers in gender-responsive teaching';
    case 'output':
      return 'e.g. Teachers trained and using the new methods';
    case 'outcome':
      return 'e.g. Girls stay in school through grade 10';
    default:
      return 'e.g. Girls complete secondary education';
  }
}
