import { Head, Link, router } from '@inertiajs/react';
import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconCopy,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import { useQuestionDrag } from './question-drag';
import { route } from '@shared/route';
import { QUESTION_TYPE_LABELS } from '@shared/forms/questions';
import type { FormFieldsProps } from '@shared/forms/forms.pages';
import { PageHeader } from '../projects/page-header';
import { useShared } from '../../hooks/use-shared';
import { repeatDepth, repeatTrail } from './repeat-trail';
import { QuestionEditor } from './question-editor';
import { FromTocPanel, PublishPanel, SettingsPanel } from './builder-panels';
import { TranslationsPanel } from './translations-panel';
import { TestLinkCard } from './test-link-card';
import { PhonePreviewPanel } from './phone-preview';
import { CopyLinkButton } from '../../components/copy-link-button';

const opts = { preserveScroll: true };

/** The field builder (surveyholders/fields, stakeholders/fields): the question accordion and its panels. */
export function FormBuilder(props: FormFieldsProps) {
  const { project, form, questions, publicUrl, testUrl, can } = props;
  const survey = form.kind === 'survey';
  const disabled = !can.edit;
  const { features, auth } = useShared();
  const list = survey
    ? route('forms.surveys', { project: project.id })
    : route('stakeholders.index', { project: project.id });
  const { drag, setDrag, dropTarget } = useQuestionDrag(questions, disabled);
  return (
    <Group align="flex-start" wrap="nowrap" gap="xl">
      <Stack gap="lg" maw={960} style={{ flex: 1, minWidth: 0 }}>
        <Head title={`${form.name}: questions`} />
        <PageHeader
          crumbs={[
            { label: project.name, href: route('projects.show', { project: project.id }) },
            { label: survey ? 'Survey forms' : 'Stakeholder forms', href: list },
            { label: form.name },
          ]}
          title={form.name}
          badge={
            <Badge variant="light">
              {form.currentVersion ? `Version ${form.currentVersion}` : 'Draft'}
            </Badge>
          }
          subtitle={
            survey
              ? `Survey form · waves: ${form.waves.join(', ') || 'none'} · ${form.anonymous ? 'anonymous' : 'linked to stakeholders'}`
              : 'Stakeholder form: each response registers a stakeholder'
          }
          actions={
            <Group gap="xs">
              <Button
                component="a"
                href={route('forms.xlsform.export', { form: form.id })}
                variant="default"
                title="The draft's questions as an XLSForm workbook (survey, choices, settings)"
              >
                Download XLSForm
              </Button>
              {form.currentVersion > 0 && (
                <Button
                  component="a"
                  href={`${route('forms.xlsform.export', { form: form.id })}?version=${form.currentVersion}`}
                  variant="default"
                >
                  XLSForm of version {form.currentVersion}
                </Button>
              )}
              <Button
                component={Link}
                href={route('responses.index', { form: form.id })}
                variant="light"
              >
                Responses
              </Button>
              {survey && (
                <Button
                  component={Link}
                  href={route('intelligent-columns.index', { form: form.id })}
                  variant="light"
                >
                  Intelligent columns
                </Button>
              )}
              {survey && (
                <Button
                  component={Link}
                  href={route('grids.index', { form: form.id })}
                  variant="light"
                >
                  Intelligent grids
                </Button>
              )}
            </Group>
          }
        />
        {project.status === 'archived' && (
          <Alert color="gray">This project is archived: its forms are read-only.</Alert>
        )}
        {features?.public_forms === false && (
          <Alert color="orange" title="Public forms are turned off for this team">
            This form’s links refuse new responses (“This form is not accepting responses”) until an
            owner or administrator turns public forms back on
            {auth.permissions.includes('team.settings.manage') ? (
              <>
                {' '}
                in{' '}
                <Anchor component={Link} href={route('settings.features')}>
                  Team feature settings
                </Anchor>
              </>
            ) : (
              ' in Settings'
            )}
            . You can still edit and publish it.
          </Alert>
        )}
        {publicUrl ? (
          <Card withBorder radius="md" padding="md">
            <Text size="sm" fw={600}>
              Public link
            </Text>
            <Group gap="xs" wrap="wrap">
              <Code style={{ wordBreak: 'break-all' }}>{publicUrl}</Code>
              <CopyLinkButton path={publicUrl} of="public form" />
              <Anchor href={publicUrl} target="_blank" size="sm">
                Open the form
              </Anchor>
            </Group>
          </Card>
        ) : (
          <Text size="sm" c="dimmed">
            {survey && !form.anonymous
              ? 'Stakeholders answer through their personal links (stakeholder page) once the form is published.'
              : 'Publish the form to get its public link.'}
          </Text>
        )}
        <TestLinkCard formId={form.id} testUrl={testUrl} canEdit={can.edit} questions={questions} />
        <section aria-labelledby="questions-title">
          <Title order={2} size="h4" id="questions-title" mb="xs">
            Questions ({questions.length})
          </Title>
          {questions.length === 0 ? (
            <Card withBorder radius="md" padding="lg">
              <Text>
                No questions yet. Add the first one below, or add one from the theory of change.
              </Text>
            </Card>
          ) : (
            <Accordion variant="separated" multiple>
              {questions.map((q, i) => (
                <Accordion.Item
                  key={q.id}
                  value={q.id}
                  {...dropTarget(i)}
                  style={{
                    // a question in a repeat sits in from the left, one step per repeat around it
                    marginLeft: `calc(${repeatDepth(questions, q)} * var(--mantine-spacing-lg))`,
                    ...(drag.over === i && drag.id !== q.id
                      ? { outline: '2px solid var(--mantine-color-blue-6)' }
                      : {}),
                  }}
                >
                  <Group wrap="wrap" gap={4} pr="xs" justify="flex-end">
                    {!disabled && (
                      // drag and drop moves it (the arrows do the same from the keyboard)
                      <div
                        draggable
                        aria-hidden="true"
                        title="Drag to move"
                        data-drag-handle={q.key}
                        onDragStart={(e) => {
                          e.dataTransfer.effectAllowed = 'move';
                          e.dataTransfer.setData('text/plain', q.id);
                          setDrag({ id: q.id, over: null });
                        }}
                        onDragEnd={() => setDrag({ id: null, over: null })}
                        style={{ cursor: 'grab', padding: '0 2px 0 8px', display: 'flex' }}
                      >
                        <IconGripVertical size={18} color="var(--mantine-color-dimmed)" />
                      </div>
                    )}
                    <Accordion.Control style={{ flex: '1 1 240px', minWidth: 0 }}>
                      <Text fw={600} size="sm" lineClamp={2}>
                        {i + 1}. {q.label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {q.key} · {QUESTION_TYPE_LABELS[q.type]}
                        {q.required ? ' · required' : ''}
                        {q.repeatKey ? ` · in ${repeatTrail(questions, q)}` : ''}
                        {q.surveyQuestion ? ' · linked to the theory of change' : ''}
                      </Text>
                    </Accordion.Control>
                    {!disabled && (
                      <Group gap={2} wrap="nowrap">
                        <Tooltip label="Move up">
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            aria-label={`Move “${q.key}” up`}
                            disabled={i === 0}
                            onClick={() =>
                              router.post(
                                route('forms.questions.move', { formQuestion: q.id }),
                                { direction: 'up' },
                                opts,
                              )
                            }
                          >
                            <IconArrowUp size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Move down">
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            aria-label={`Move “${q.key}” down`}
                            disabled={i === questions.length - 1}
                            onClick={() =>
                              router.post(
                                route('forms.questions.move', { formQuestion: q.id }),
                                { direction: 'down' },
                                opts,
                              )
                            }
                          >
                            <IconArrowDown size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Duplicate">
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            aria-label={`Duplicate “${q.key}”`}
                            onClick={() =>
                              router.post(
                                route('forms.questions.duplicate', { formQuestion: q.id }),
                                {},
                                opts,
                              )
                            }
                          >
                            <IconCopy size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            size="lg"
                            aria-label={`Delete “${q.key}”`}
                            onClick={() =>
                              router.delete(
                                route('forms.questions.destroy', { formQuestion: q.id }),
                                opts,
                              )
                            }
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    )}
                  </Group>
                  <Accordion.Panel>
                    {q.surveyQuestion && (
                      <Text size="xs" mb="xs">
                        Asks the theory-of-change question{' '}
                        <Anchor
                          component={Link}
                          href={route('survey-questions.show', {
                            surveyQuestion: q.surveyQuestion.id,
                          })}
                          size="xs"
                        >
                          {q.surveyQuestion.text}
                        </Anchor>
                      </Text>
                    )}
                    <QuestionEditor
                      formId={form.id}
                      question={q}
                      earlier={questions.slice(0, i)}
                      disabled={disabled}
                    />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          )}
        </section>
        {!disabled && (
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="xs">
              Add a question
            </Title>
            <QuestionEditor formId={form.id} earlier={questions} disabled={disabled} />
          </Card>
        )}
        <FromTocPanel form={form} tocQuestions={props.tocQuestions} disabled={disabled} />
        <PublishPanel form={form} diff={props.diff} versions={props.versions} disabled={disabled} />
        <SettingsPanel form={form} disabled={disabled} />
        <TranslationsPanel form={form} questions={props.questions} disabled={disabled} />
      </Stack>
      <PhonePreviewPanel url={testUrl} questions={questions} />
    </Group>
  );
}
