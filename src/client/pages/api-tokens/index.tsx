import { useEffect, useState, type FormEvent } from 'react';
import { Head, router, useForm } from '@inertiajs/react';
import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconTrash, IconAdjustments } from '@tabler/icons-react';
import { route } from '@shared/route';
import {
  ABILITY_LABELS,
  createApiTokenSchema,
  updateApiTokenSchema,
} from '@shared/api-tokens/api-tokens.schemas';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import type { Ability } from '@shared/permissions';
import { useShared } from '../../hooks/use-shared';
import { dateTime, relativeTime as timeAgo } from '../../lib/relative-time';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { AbilitiesInput } from '../../features/api-tokens/abilities-input';
import { NewTokenModal } from '../../features/api-tokens/new-token-modal';
import { PageTitle } from '../../components/page-title';
import type { PagePropsOf } from '@shared/pages';
import type { ApiTokenView } from '@shared/api-tokens/api-tokens.pages';

function abilitiesError(errors: Record<string, string | undefined>) {
  return errors.abilities ?? Object.entries(errors).find(([k]) => k.startsWith('abilities.'))?.[1];
}

export default function ApiTokensIndex({
  tokens,
  availableAbilities,
  defaultAbilities,
  team,
}: PagePropsOf<'api-tokens/index'>) {
  const { flash } = useShared();
  const create = useForm({ name: '', abilities: defaultAbilities });
  const [newToken, setNewToken] = useState<{ token: string; name: string | null } | null>(null);
  const [editing, setEditing] = useState<ApiTokenView | null>(null);
  const [deleting, setDeleting] = useState<ApiTokenView | null>(null);
  const edit = useForm({ abilities: [] as Ability[] });

  // the plain token arrives once, in the flash of the response after creation
  const flashed = typeof flash.data?.token === 'string' ? flash.data.token : null;
  useEffect(() => {
    if (flashed)
      setNewToken({
        token: flashed,
        name: typeof flash.data?.tokenName === 'string' ? flash.data.tokenName : null,
      });
  }, [flashed, flash.data?.tokenName]);

  const closeNewToken = () => {
    setNewToken(null);
    // drop it from the page kept in browser history too
    router.replace({
      props: (p) => ({ ...p, flash: { ...(p.flash as object), data: null } }),
      preserveScroll: true,
      preserveState: true,
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(create, createApiTokenSchema)) return;
    create.post(route('api-tokens.store'), {
      preserveScroll: true,
      onSuccess: () => create.reset(),
    });
  };

  const openEdit = (t: ApiTokenView) => {
    edit.clearErrors();
    edit.setData({ abilities: t.abilities });
    setEditing(t);
  };
  const saveEdit = () => {
    if (!editing || !passesCheck(edit, updateApiTokenSchema)) return;
    edit.put(route('api-tokens.update', { token: editing.id }), {
      preserveScroll: true,
      onSuccess: () => setEditing(null),
    });
  };
  const confirmDelete = () => {
    if (!deleting) return;
    router.delete(route('api-tokens.destroy', { token: deleting.id }), {
      preserveScroll: true,
      onFinish: () => setDeleting(null),
    });
  };

  const tokenColumns: Array<DataTableColumn<ApiTokenView>> = [
    {
      key: 'name',
      title: 'Name',
      sortable: true,
      render: (t) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {t.name}
          </Text>
          {t.start && (
            <Text size="xs" c="dimmed" ff="monospace">
              {t.start}…
            </Text>
          )}
        </Group>
      ),
    },
    {
      key: 'abilities',
      title: 'Abilities',
      value: (t) => t.abilities.map((a) => ABILITY_LABELS[a]).join(' '),
      render: (t) => (
        <Group gap={4}>
          {t.abilities.map((a) => (
            <Badge key={a} size="sm" variant="light">
              {ABILITY_LABELS[a]}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'lastUsedAt',
      title: 'Last used',
      sortable: true,
      searchable: false,
      render: (t) =>
        t.lastUsedAt ? (
          <Tooltip label={dateTime(t.lastUsedAt)}>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {timeAgo(t.lastUsedAt)}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            Never used
          </Text>
        ),
    },
    {
      key: 'createdAt',
      title: 'Created',
      sortable: true,
      searchable: false,
      render: (t) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {dateTime(t.createdAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: <VisuallyHidden>Actions</VisuallyHidden>,
      searchable: false,
      align: 'right',
      render: (t) => (
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconAdjustments size={14} />}
            onClick={() => openEdit(t)}
          >
            Abilities
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={() => setDeleting(t)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack maw={960} gap="lg">
      <Head title="API Tokens" />
      <div>
        <PageTitle>API Tokens</PageTitle>
        <Text c="dimmed" size="sm">
          API tokens let other programs use the {team ? team.name : 'team'} API on your behalf. Each
          token works only in the team it was made in.
        </Text>
      </div>

      <Card withBorder padding="lg">
        <Title order={4}>Create API token</Title>
        <Text size="sm" c="dimmed" mb="md">
          Give the token a name you will recognise and choose what it may do.
        </Text>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Name"
              placeholder="e.g. Nightly export"
              {...fieldProps(create, 'name', createApiTokenSchema)}
              disabled={!team}
              data-autofocus
            />
            <AbilitiesInput
              available={availableAbilities}
              value={create.data.abilities}
              onChange={(v) => create.setData('abilities', v)}
              error={abilitiesError(create.errors)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={create.processing}
                disabled={!team}
                leftSection={<IconKey size={16} />}
              >
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      <Card withBorder padding="lg">
        <Title order={4}>Manage API tokens</Title>
        <Text size="sm" c="dimmed" mb="md">
          Delete tokens you no longer need.
        </Text>
        <div data-testid="token-list">
          <DataTable
            id="api-tokens"
            caption="API tokens"
            rows={tokens}
            rowKey={(t) => t.id}
            columns={tokenColumns}
            minWidth={640}
          />
        </div>
      </Card>

      <NewTokenModal
        token={newToken?.token ?? null}
        name={newToken?.name ?? null}
        onClose={closeNewToken}
      />

      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={`Abilities of “${editing?.name ?? ''}”`}
        centered
      >
        <Stack>
          <AbilitiesInput
            available={availableAbilities}
            value={edit.data.abilities}
            onChange={(v) => edit.setData('abilities', v)}
            error={abilitiesError(edit.errors)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button onClick={saveEdit} loading={edit.processing}>
              Save
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Modal
        opened={!!deleting}
        onClose={() => setDeleting(null)}
        title="Delete API token"
        centered
      >
        <Stack>
          <Text size="sm">
            Delete “{deleting?.name}”? Programs using it will stop working at once. This cannot be
            undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
