import type { FormEvent } from 'react';
import { Head, router, useForm } from '@inertiajs/react';
import { Anchor, Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { route } from '@shared/route';
import type { PagePropsOf } from '@shared/pages';
import { personalLinkSchema } from '@shared/forms/forms.schemas';
import { PageHeader } from '../../features/projects/page-header';
import { ChoiceSelect } from '../../components/choice-select';
import { CopyLinkButton } from '../../components/copy-link-button';
import { DataTable } from '../../components/data-table';
import { passesCheck } from '../../lib/form-check';
import { formatDay } from '@shared/format/date';

/** surveyholders/stakeholder-responses: one stakeholder's answers across waves side by side, and their links. */
export default function StakeholderResponses({
  project,
  stakeholder,
  columns,
  rows,
  links,
  surveyForms,
  can,
}: PagePropsOf<'surveyholders/stakeholder-responses'>) {
  const f = useForm({ formId: surveyForms[0]?.id ?? '', wave: surveyForms[0]?.waves[0] ?? '' });
  const chosen = surveyForms.find((s) => s.id === f.data.formId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(f, personalLinkSchema)) return;
    f.post(route('stakeholders.links.store', { stakeholder: stakeholder.id }), {
      preserveScroll: true,
    });
  };
  return (
    <Stack gap="lg">
      <Head title={`${stakeholder.name}: responses`} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: 'Stakeholders', href: route('stakeholders.index', { project: project.id }) },
          { label: stakeholder.name },
        ]}
        title={stakeholder.name}
        badge={<Badge variant="light">{stakeholder.code}</Badge>}
        subtitle={`Registered ${formatDay(stakeholder.createdAt)}`}
      />
      <section aria-labelledby="answers-title">
        <Title order={2} size="h4" id="answers-title" mb="xs">
          Answers across waves
        </Title>
        <DataTable
          id="stakeholder-answers"
          caption={`${stakeholder.name}: answers across waves`}
          rows={rows}
          plain
          rowKey={(r) => r.key}
          columns={[
            {
              key: 'question',
              title: 'Question',
              render: (r) => (
                <Text fw={600} size="sm">
                  {r.label}
                </Text>
              ),
            },
            ...columns.map((c) => ({
              key: c.id,
              title: `${c.form}${c.wave ? ` · ${c.wave}` : ''} (${formatDay(c.submittedAt)})`,
              render: (r: (typeof rows)[number]) => r.values[c.id] ?? '—',
            })),
          ]}
          emptyAction={
            <Text size="sm">
              Send a personal link below: their answers appear here side by side per wave.
            </Text>
          }
        />
      </section>
      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="xs">
          Personal links
        </Title>
        {links.length === 0 && (
          <Text size="sm" c="dimmed">
            No personal links yet.
          </Text>
        )}
        <Stack gap="xs">
          {links.map((l) => (
            <Group key={l.id} gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {l.form}
                {l.wave ? ` · ${l.wave}` : ''}
              </Text>
              {l.revoked ? (
                <Badge color="gray" variant="light">
                  Withdrawn
                </Badge>
              ) : (
                <>
                  <Code style={{ wordBreak: 'break-all' }}>{l.url}</Code>
                  <CopyLinkButton path={l.url} of={`${l.form}${l.wave ? ` · ${l.wave}` : ''}`} />
                  <Anchor href={l.url} target="_blank" size="sm">
                    Open
                  </Anchor>
                  {can.links && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() =>
                        router.delete(route('stakeholders.links.destroy', { formLink: l.id }), {
                          preserveScroll: true,
                        })
                      }
                    >
                      Withdraw
                    </Button>
                  )}
                </>
              )}
            </Group>
          ))}
        </Stack>
        {can.links && surveyForms.length > 0 && (
          <form noValidate onSubmit={submit}>
            <Group align="flex-end" mt="md" wrap="wrap">
              <ChoiceSelect
                label="Survey form"
                data={surveyForms.map((s) => ({ value: s.id, label: s.name }))}
                value={f.data.formId || null}
                onChange={(v) => {
                  f.setData('formId', v);
                  f.setData('wave', surveyForms.find((s) => s.id === v)?.waves[0] ?? '');
                }}
                error={f.errors.formId}
              />
              <ChoiceSelect
                label="Wave"
                data={(chosen?.waves ?? []).map((w) => ({ value: w, label: w }))}
                value={f.data.wave || null}
                onChange={(v) => f.setData('wave', v)}
                error={f.errors.wave}
              />
              <Button type="submit" loading={f.processing}>
                Make link
              </Button>
            </Group>
          </form>
        )}
        {can.links && surveyForms.length === 0 && (
          <Text size="sm" mt="sm" c="dimmed">
            Create a survey form linked to stakeholders (not anonymous) to send personal links.
          </Text>
        )}
      </Card>
    </Stack>
  );
}
