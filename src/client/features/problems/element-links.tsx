import { useState, type FormEvent } from 'react';
import { Link, router, useForm } from '@inertiajs/react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import { IconLinkOff, IconPencil, IconPlus } from '@tabler/icons-react';
import { route } from '@shared/route';
import type { ElementLinkView, ElementRef } from '@shared/problems/problems.types';
import { createLinkSchema, updateLinkSchema } from '@shared/problems/problems.schemas';
import { passesCheck } from '../../lib/form-check';
import { ELEMENT_STATUS_COLORS, kindLabel } from './labels';

interface Props {
  title: string;
  description: string;
  empty: string;
  problemId: string;
  elementId: string;
  /** 'from': the listed elements lead to this one; 'to': this one leads to them */
  direction: 'from' | 'to';
  links: ElementLinkView[];
  candidates: ElementRef[];
  canLink: boolean;
  canUnlink: boolean;
  canEdit: boolean;
  /** "Add output" etc. (creates a new element linked from this one) */
  onAddNew?: () => void;
  addNewLabel?: string;
}

/** One side of an element's causal links, with "link an existing element" and remove. */
export function ElementLinks({
  title,
  description,
  empty,
  problemId,
  elementId,
  direction,
  links,
  candidates,
  canLink,
  canUnlink,
  canEdit,
  onAddNew,
  addNewLabel,
}: Props) {
  const [editing, setEditing] = useState<ElementLinkView | null>(null);
  const form = useForm({ other: '' });
  const [removing, setRemoving] = useState<string | null>(null);
  const errors = form.errors as Record<string, string | undefined>;
  const link = () => {
    const body = (d: typeof form.data) =>
      direction === 'from'
        ? { fromId: d.other, toId: elementId }
        : { fromId: elementId, toId: d.other };
    if (!passesCheck(form, createLinkSchema, body(form.data))) return;
    form.transform(body);
    form.post(route('links.store', { problem: problemId }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };
  const unlink = (l: ElementLinkView) => {
    setRemoving(l.linkId);
    router.delete(route('links.destroy', { link: l.linkId }), {
      preserveScroll: true,
      onFinish: () => setRemoving(null),
    });
  };
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="flex-start" mb="xs">
        <div>
          <Title order={5}>{title}</Title>
          <Text size="xs" c="dimmed">
            {description}
          </Text>
        </div>
        {onAddNew && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={onAddNew}>
            {addNewLabel}
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {links.length === 0 && (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        )}
        {links.map((l) => (
          <Group key={l.linkId} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Badge size="xs" variant="dot" color={ELEMENT_STATUS_COLORS[l.status] ?? 'gray'}>
                  {kindLabel(l.kind, l.horizon)}
                </Badge>
              </Group>
              <Anchor
                component={Link}
                href={route('elements.show', { element: l.id })}
                size="sm"
                lineClamp={2}
              >
                {l.title}
              </Anchor>
              {l.assumptions && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  Assumes: {l.assumptions}
                </Text>
              )}
              {l.risks && (
                <Text size="xs" c="var(--pw-warning-text)" lineClamp={2}>
                  Risk: {l.risks}
                </Text>
              )}
            </Stack>
            <Group gap={0} wrap="nowrap">
              {canEdit && (
                <Tooltip label="Assumptions and risks of this link">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    onClick={() => setEditing(l)}
                    aria-label={`Edit the link with ${l.title}`}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
              {canUnlink && (
                <Tooltip label="Remove this link">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    loading={removing === l.linkId}
                    onClick={() => unlink(l)}
                    aria-label={`Remove the link with ${l.title}`}
                  >
                    <IconLinkOff size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Group>
        ))}
        {canLink && candidates.length > 0 && (
          <Group gap="xs" align="flex-start" wrap="nowrap" mt={4}>
            <ChoiceSelect
              size="xs"
              style={{ flex: 1 }}
              placeholder={
                direction === 'from'
                  ? 'Link an element that leads here…'
                  : 'Link an element this leads to…'
              }
              data={candidates.map((c) => ({
                value: c.id,
                label: `${c.title} (${kindLabel(c.kind, c.horizon).toLowerCase()})`,
              }))}
              value={form.data.other || null}
              onChange={(v) => form.setData('other', v ?? '')}
              error={errors.toId ?? errors.fromId}
              searchable
              aria-label={
                direction === 'from' ? 'Element that leads here' : 'Element this leads to'
              }
            />
            <Button size="xs" variant="default" onClick={link} loading={form.processing}>
              Link
            </Button>
          </Group>
        )}
      </Stack>
      <LinkModal link={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

/** The assumptions and risks of one link ("A leads to B, if ..."). */
function LinkModal({ link, onClose }: { link: ElementLinkView | null; onClose: () => void }) {
  // keep the form while the modal fades out
  const [shown, setShown] = useState(link);
  const [opens, setOpens] = useState(0);
  if (link && link !== shown) {
    setShown(link);
    setOpens(opens + 1);
  }
  return (
    <Modal opened={!!link} onClose={onClose} title="Assumptions and risks of this link" centered>
      {shown && <LinkForm key={opens} link={shown} onDone={onClose} />}
    </Modal>
  );
}

function LinkForm({ link, onDone }: { link: ElementLinkView; onDone: () => void }) {
  const form = useForm({ assumptions: link.assumptions ?? '', risks: link.risks ?? '' });
  const errors = form.errors as Record<string, string | undefined>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, updateLinkSchema)) return;
    form.put(route('links.update', { link: link.linkId }), {
      preserveScroll: true,
      onSuccess: onDone,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Assumptions"
          description="What must hold for one to lead to the other?"
          value={form.data.assumptions}
          onChange={(e) => form.setData('assumptions', e.currentTarget.value)}
          error={errors.assumptions}
          autosize
          minRows={3}
          data-autofocus
        />
        <Textarea
          label="Risks"
          description="What could break the link?"
          value={form.data.risks}
          onChange={(e) => form.setData('risks', e.currentTarget.value)}
          error={errors.risks}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={form.processing}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
