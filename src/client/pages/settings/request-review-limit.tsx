import type { FormEvent } from 'react';
import { Link, useForm } from '@inertiajs/react';
import {
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import { limitSettingsSchema } from '@shared/settings/settings.schemas';
import type { PagePropsOf } from '@shared/pages';
import type { FormUsage } from '@shared/settings/settings.pages';
import { DataTable } from '../../components/data-table';
import { SettingsFrame } from '../../features/settings/settings-frame';
import { fieldProps } from '../../lib/field-props';
import { passesCheck } from '../../lib/form-check';

const monthName = (ym: string) =>
  new Date(`${ym}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** settings/request-review-limit: monthly limits of AI requests and public responses, with usage */
export default function RequestReviewLimit({
  limits,
  month,
  aiRequests,
  forms,
}: PagePropsOf<'settings/request-review-limit'>) {
  const form = useForm({
    aiMonthlyLimit: limits.aiMonthlyLimit === null ? '' : String(limits.aiMonthlyLimit),
    publicResponsesMonthlyLimit:
      limits.publicResponsesMonthlyLimit === null ? '' : String(limits.publicResponsesMonthlyLimit),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(form, limitSettingsSchema)) return;
    form.put(route('settings.limits.update'), { preserveScroll: true });
  };
  const perForm = limits.publicResponsesMonthlyLimit;
  return (
    <SettingsFrame section="limits">
      <Stack gap="lg">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                type="number"
                min={1}
                label="AI model requests a month"
                description="Leave empty for no limit. At the limit, AI features answer “limit reached” until the 1st."
                {...fieldProps(form, 'aiMonthlyLimit', limitSettingsSchema)}
              />
              <TextInput
                type="number"
                min={1}
                label="Public responses per form a month"
                description="Leave empty for no limit. At the limit, the form refuses new responses until the 1st."
                {...fieldProps(form, 'publicResponsesMonthlyLimit', limitSettingsSchema)}
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={form.processing}>
                Save limits
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider />
        <Title order={2} size="h4">
          Usage in {monthName(month)} (UTC)
        </Title>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            AI model requests
          </Text>
          {aiRequests === 0 ? (
            <Text size="sm" c="dimmed">
              No model requests this month yet (the Chanakya assistant counts one per call to the
              model).
            </Text>
          ) : (
            <Text size="sm">
              {aiRequests}
              {limits.aiMonthlyLimit ? ` of ${limits.aiMonthlyLimit}` : ''} requests
            </Text>
          )}
        </Stack>
        <Stack gap="xs">
          <Text fw={600} size="sm">
            Public responses per form
          </Text>
          {forms.length === 0 ? (
            <Alert variant="light" color="gray">
              No forms yet. Create one from a project’s “Survey forms”; its responses are counted
              here.
            </Alert>
          ) : (
            <DataTable<FormUsage>
              id="settings-form-usage"
              caption="Public responses per form this month"
              rows={forms}
              rowKey={(f) => f.formId}
              plain
              minWidth={520}
              columns={[
                {
                  key: 'formName',
                  title: 'Form',
                  render: (f) => (
                    <Anchor component={Link} href={route('forms.fields', { form: f.formId })}>
                      {f.formName}
                    </Anchor>
                  ),
                },
                { key: 'projectName', title: 'Project' },
                {
                  key: 'count',
                  title: 'Responses this month',
                  align: 'right',
                  render: (f) => (
                    <Stack gap={2} align="flex-end">
                      <Text size="sm">
                        {f.count}
                        {perForm ? ` of ${perForm}` : ''}
                      </Text>
                      {perForm ? (
                        <Progress
                          w={120}
                          value={Math.min(100, (f.count / perForm) * 100)}
                          color={f.count >= perForm ? 'red' : 'blue'}
                          aria-label={`${f.formName}: ${f.count} of ${perForm} responses`}
                        />
                      ) : null}
                    </Stack>
                  ),
                },
              ]}
            />
          )}
        </Stack>
      </Stack>
    </SettingsFrame>
  );
}
