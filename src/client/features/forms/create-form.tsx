import type { FormEvent } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import { Anchor, Button, Card, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { route } from '@shared/route';
import { createFormSchema } from '@shared/forms/forms.schemas';
import type { FormCreateProps } from '@shared/forms/forms.pages';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';
import { fieldProps } from '../../lib/field-props';
import { PageHeader } from '../projects/page-header';
import { useShared } from '../../hooks/use-shared';

/** surveyholders/create and stakeholders/create: name, language; for surveys waves and anonymity. */
export function CreateForm({ project, kind, languages, defaultWaves }: FormCreateProps) {
  const survey = kind === 'survey';
  // a new form starts in the team's default language (settings, general)
  const { teamDefaults } = useShared();
  const initialLanguage = languages.some((l) => l.code === teamDefaults?.language)
    ? teamDefaults!.language
    : 'en';
  const form = useForm({
    name: '',
    kind,
    language: initialLanguage,
    waves: defaultWaves.join(', '),
    anonymous: true,
  });
  const err = form.errors as Record<string, string | undefined>;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const data = {
      name: form.data.name,
      kind,
      language: form.data.language,
      ...(survey
        ? {
            anonymous: form.data.anonymous,
            waves: form.data.waves
              .split(',')
              .map((w) => w.trim().toLowerCase())
              .filter(Boolean),
          }
        : {}),
    };
    if (!passesCheck(form, createFormSchema, data)) return;
    form.transform(() => data);
    form.post(route('forms.store', { project: project.id }));
  };
  const list = survey
    ? route('forms.surveys', { project: project.id })
    : route('stakeholders.index', { project: project.id });
  return (
    <Stack gap="lg" maw={720}>
      <Head title={survey ? 'New survey form' : 'New stakeholder form'} />
      <PageHeader
        crumbs={[
          { label: project.name, href: route('projects.show', { project: project.id }) },
          { label: survey ? 'Survey forms' : 'Stakeholders', href: list },
          { label: 'New form' },
        ]}
        title={survey ? 'New survey form' : 'New stakeholder form'}
      />
      {survey && (
        <Text size="sm">
          Have the questionnaire as an XLSForm (KoboToolbox, ODK)?{' '}
          <Anchor component={Link} href={route('forms.xlsform', { project: project.id })}>
            Import the XLSForm file
          </Anchor>{' '}
          instead.
        </Text>
      )}
      <Card withBorder radius="md" padding="lg">
        <form noValidate onSubmit={submit}>
          <Stack gap="sm">
            <TextInput label="Name" {...fieldProps(form, 'name', createFormSchema)} required />
            <ChoiceSelect
              label="Form language"
              data={languages.map((l) => ({ value: l.code, label: l.label }))}
              value={form.data.language}
              onChange={(v) => v && form.setData('language', v)}
              error={err.language}
            />
            {survey && (
              <>
                <TextInput
                  label="Waves"
                  description="Comma-separated rounds, e.g. baseline, midline, endline"
                  name="waves"
                  value={form.data.waves}
                  onChange={(e) => form.setData('waves', e.currentTarget.value)}
                  error={
                    err.waves ?? Object.entries(err).find(([k]) => k.startsWith('waves.'))?.[1]
                  }
                />
                <Checkbox
                  label="Anonymous (an open link; untick to send personal links to registered stakeholders)"
                  checked={form.data.anonymous}
                  onChange={(e) => form.setData('anonymous', e.currentTarget.checked)}
                />
              </>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={form.processing}>
                Create form
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
