import { useState, type FormEvent } from 'react';
import { Link, router, useForm } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { route } from '@shared/route';
import { formatNumber } from '@shared/format/number';
import { plural } from '@shared/format/plural';
import { THEME_COUNTS, themeToCodeSchema } from '@shared/coding/themes';
import type {
  ThemeRunView,
  ThemeView,
  ThemesSection as Section,
} from '@shared/coding/themes.pages';
import { DataTable } from '../../components/data-table';
import { ChoiceSelect } from '../../components/choice-select';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';
import { useReloadWhile } from '../../hooks/use-reload-while';
import { formatDateTime } from '@shared/format/date';

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const percent = (share: number) => `${Math.round(share * 100)}%`;
const K_OPTIONS = THEME_COUNTS.map((k) => ({
  value: k,
  label: k === 'auto' ? 'Automatic (best of 2 to 8)' : `${k} themes`,
}));
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Inductive coding on the column page: discover themes, read them, turn one into a code. */
export function ThemesSection({
  columnId,
  themes,
  canUpdate,
  errors,
}: {
  columnId: string;
  themes: Section;
  canUpdate: boolean;
  errors: Record<string, string>;
}) {
  const latest = themes.runs[0];
  const active = latest?.status === 'queued' || latest?.status === 'running';
  const [shownId, setShownId] = useState<string | null>(null);
  const shown =
    themes.runs.find((r) => r.id === shownId) ?? themes.runs.find((r) => r.status === 'done');
  const [k, setK] = useState<string>('auto');
  const [starting, setStarting] = useState(false);
  useReloadWhile(active, 1000, ['themes']);
  const discover = () =>
    router.post(
      route('intelligent-columns.themes-discover', { column: columnId }),
      { k },
      {
        preserveScroll: true,
        onStart: () => setStarting(true),
        onFinish: () => setStarting(false),
        onSuccess: () => setShownId(null),
      },
    );
  return (
    <Stack gap="sm" id="themes">
      <Title order={2} size="h4">
        Themes (discovered)
      </Title>
      <Alert color="gray" variant="light" title="Machine-suggested from word overlap">
        Answers that use the same words are grouped together (TF-IDF over word lemmas, k-means);
        each theme is named by the words most particular to it. The machine does not understand the
        answers: read the quotes before trusting a theme, and turn the useful ones into codes, which
        people then verify.
      </Alert>
      {canUpdate && (
        <Group align="flex-end" gap="sm">
          <ChoiceSelect
            label="Number of themes"
            data={K_OPTIONS}
            value={k}
            onChange={(v) => setK(v || 'auto')}
            error={errors.k}
            w={260}
          />
          <Button onClick={discover} loading={starting} disabled={active}>
            {themes.totalRuns > 0 ? 'Discover themes again' : 'Discover themes'}
          </Button>
        </Group>
      )}
      {latest && latest.status !== 'done' && <RunStatus run={latest} />}
      {themes.totalRuns === 0 ? (
        <Text size="sm" c="dimmed">
          No themes yet.{' '}
          {canUpdate
            ? 'Discover themes to group the answers by the words they share (at least 10 answers).'
            : 'An editor can discover themes once the form has answers.'}
        </Text>
      ) : (
        shown && (
          <ThemesTable
            run={shown}
            columnId={columnId}
            canUpdate={canUpdate}
            isLatest={shown.id === latest.id}
          />
        )
      )}
      {themes.runs.length > 1 && (
        <DataTable<ThemeRunView>
          id="theme-runs"
          caption="Theme discoveries"
          rows={themes.runs}
          rowKey={(r) => r.id}
          plain
          minWidth={560}
          columns={[
            { key: 'createdAt', title: 'Started', render: (r) => when(r.createdAt) },
            {
              key: 'k',
              title: 'Themes',
              render: (r) =>
                r.k === null ? '—' : `${r.k}${r.kRequested === null ? ' (automatic)' : ''}`,
            },
            {
              key: 'answered',
              title: 'Answers',
              render: (r) => (r.status === 'done' ? r.answered : '—'),
            },
            { key: 'status', title: 'Status' },
            {
              key: 'show',
              title: 'Themes shown',
              render: (r) =>
                r.id === shown?.id ? (
                  <Text size="sm">Shown above</Text>
                ) : r.status === 'done' ? (
                  <Button size="compact-sm" variant="subtle" onClick={() => setShownId(r.id)}>
                    Show these themes
                  </Button>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      )}
      {themes.totalRuns > themes.runs.length && (
        <Text size="xs" c="dimmed">
          The latest {themes.runs.length} of {plural(themes.totalRuns, 'discovery', 'discoveries')}{' '}
          are listed.
        </Text>
      )}
    </Stack>
  );
}

function RunStatus({ run }: { run: ThemeRunView }) {
  const active = run.status === 'queued' || run.status === 'running';
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Text size="sm">
          Theme discovery: <strong>{run.status}</strong>
          {run.total > 0 && ` · tried ${run.processed} of ${run.total} numbers of themes`}
        </Text>
        {active && (
          <Progress
            value={run.total ? (100 * run.processed) / run.total : 5}
            animated
            aria-label="Theme discovery progress"
          />
        )}
        {run.error && (
          <Text c="red.8" size="sm">
            {run.error}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function ThemesTable({
  run,
  columnId,
  canUpdate,
  isLatest,
}: {
  run: ThemeRunView;
  columnId: string;
  canUpdate: boolean;
  isLatest: boolean;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm">
        {isLatest ? 'Latest discovery' : 'Earlier discovery'} ({when(run.createdAt)}):{' '}
        {plural(run.answered - run.unclustered, 'answer')} grouped into{' '}
        {plural(run.k ?? 0, 'theme')}
        {run.kRequested === null ? ' (number chosen by silhouette' : ' (silhouette'}{' '}
        {run.silhouette === null ? '—' : formatNumber(run.silhouette, 2)}; near 0 means the groups
        overlap)
        {run.unclustered > 0 &&
          `, ${plural(run.unclustered, 'answer')} with no words to compare left out`}
        .
      </Text>
      <DataTable<ThemeView>
        id="discovered-themes"
        caption="Discovered themes"
        rows={run.themes}
        rowKey={(t) => t.id}
        plain
        minWidth={820}
        columns={[
          {
            key: 'name',
            title: 'Theme',
            render: (t) => (
              <Text fw={600} size="sm">
                {t.name}
              </Text>
            ),
          },
          { key: 'size', title: 'Answers', align: 'right' },
          {
            key: 'share',
            title: '%',
            align: 'right',
            render: (t) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {percent(t.share)}
              </Text>
            ),
          },
          {
            key: 'topTerms',
            title: 'Top words',
            value: (t) => t.topTerms.map((w) => w.term).join(' '),
            render: (t) => (
              <Group gap={4}>
                {t.topTerms.map((w) => (
                  <Badge key={w.term} size="sm" variant="light" color="gray" tt="none">
                    {w.term}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            key: 'quotes',
            title: 'Example quotes',
            value: (t) => t.quotes.map((q) => q.text).join(' '),
            render: (t) => (
              <Stack gap={4}>
                {t.quotes.map((q) => (
                  <Text key={`${q.responseId}:${q.start}`} size="xs">
                    “{q.text}”{' '}
                    <Anchor
                      component={Link}
                      href={route('responses.show', { formResponse: q.responseId })}
                      size="xs"
                    >
                      response #{q.seq}
                    </Anchor>
                  </Text>
                ))}
              </Stack>
            ),
          },
          {
            key: 'code',
            title: 'Code',
            value: (t) => t.code?.key ?? '',
            render: (t) =>
              t.code ? (
                <Badge variant="light" color="teal" tt="none">
                  {t.code.key} (codebook v{t.code.codebookVersion})
                </Badge>
              ) : canUpdate ? (
                <TurnIntoCode columnId={columnId} theme={t} />
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Stack>
  );
}

function TurnIntoCode({ columnId, theme }: { columnId: string; theme: ThemeView }) {
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm({ label: capitalised(theme.topTerms[0]?.term ?? theme.name) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, themeToCodeSchema)) return;
    form.post(route('intelligent-columns.theme-code', { column: columnId, theme: theme.id }), {
      preserveScroll: true,
      onSuccess: close,
    });
  };
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={open}>
        Turn into code
      </Button>
      <Modal opened={opened} onClose={close} title={`Turn “${theme.name}” into a code`}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Adds a code to the codebook as a new version: include rules{' '}
              {theme.topTerms
                .slice(0, 5)
                .map((w) => `“${w.term}”`)
                .join(', ')}
              , and the theme&apos;s {plural(theme.quotes.length, 'quote')} as examples. Edit it
              afterwards in Deductive inputs.
            </Text>
            <TextInput
              label="Code label"
              data-autofocus
              {...fieldProps(form, 'label', themeToCodeSchema)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={form.processing}>
                Add to the codebook
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
