import { useState, type FormEvent } from 'react';
import { router, useForm } from '@inertiajs/react';
import {
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { route } from '@shared/route';
import { plural } from '@shared/format/plural';
import { saveTranslationsSchema, updateFormSchema } from '@shared/forms/forms.schemas';
import type { FormFieldsProps } from '@shared/forms/forms.pages';
import {
  languageName,
  missingCount,
  textDirection,
  translatableTexts,
  translationOf,
  type TranslatableText,
} from '@shared/forms/translations';
import { ChoiceSelect } from '../../components/choice-select';
import { passesCheck } from '../../lib/form-check';

const FIELD_LABELS: Record<TranslatableText['field'], string> = {
  label: 'Label',
  hint: 'Hint',
  requiredMessage: 'Required message',
  constraintMessage: 'Constraint message',
  choice: 'Choice',
};

type QuestionTexts = {
  label: string;
  hint: string;
  requiredMessage: string;
  constraintMessage: string;
  choices: Record<string, string>;
};

const nameOf = (code: string) => `${languageName(code, 'en')} (${code})`;

/**
 * "Translations": the form's other languages (BCP-47 codes) and, for the chosen one, every text of
 * the draft with the default language's text beside its translation field, and how many are left.
 */
export function TranslationsPanel({
  form,
  questions,
  disabled,
}: Pick<FormFieldsProps, 'form' | 'questions'> & { disabled: boolean }) {
  const [lang, setLang] = useState(form.languages[0] ?? '');
  const current = form.languages.includes(lang) ? lang : (form.languages[0] ?? '');
  const add = useForm({ languages: [] as string[], code: '' });
  const addLanguage = (e: FormEvent) => {
    e.preventDefault();
    const code = add.data.code.trim();
    if (!code) return add.setError('languages', 'Enter a language code such as fr, ar or pt-BR.');
    add.transform(() => ({ languages: [...form.languages, code] }));
    if (!passesCheck(add, updateFormSchema, { languages: [...form.languages, code] })) return;
    add.put(route('forms.update', { form: form.id }), {
      preserveScroll: true,
      onSuccess: () => {
        add.reset();
        setLang(code);
      },
    });
  };
  const removeLanguage = (code: string) =>
    router.put(
      route('forms.update', { form: form.id }),
      { languages: form.languages.filter((l) => l !== code) },
      { preserveScroll: true },
    );
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4" mb="xs">
        Translations
      </Title>
      <Stack gap="sm">
        <Text size="sm">
          Default language: <strong>{nameOf(form.language)}</strong>. Respondents see the form in
          the language of the link’s <code>?lang=</code>, else their browser’s, else the default; an
          untranslated text shows in the default language.
        </Text>
        {form.languages.length > 0 && (
          <Group gap="xs">
            {form.languages.map((code) => (
              <Badge
                key={code}
                variant="light"
                size="lg"
                rightSection={
                  disabled ? undefined : (
                    <CloseButton
                      size="sm"
                      aria-label={`Remove ${nameOf(code)}`}
                      onClick={() => removeLanguage(code)}
                    />
                  )
                }
              >
                {nameOf(code)}
              </Badge>
            ))}
          </Group>
        )}
        {!disabled && (
          <form noValidate onSubmit={addLanguage}>
            <Group align="flex-end" gap="sm">
              <TextInput
                label="Add a language (code)"
                description="A BCP-47 code: fr, ar, sw, pt-BR…"
                name="languages"
                value={add.data.code}
                onChange={(e) => add.setData('code', e.currentTarget.value)}
                error={add.errors.languages}
                style={{ flex: 1, minWidth: 160 }}
              />
              <Button type="submit" variant="light" loading={add.processing}>
                Add language
              </Button>
            </Group>
          </form>
        )}
        {form.languages.length === 0 ? (
          <Text size="sm" c="dimmed">
            This form has one language. Add another language to translate its questions.
          </Text>
        ) : questions.length === 0 ? (
          <Text size="sm" c="dimmed">
            Add questions first: their texts are translated here.
          </Text>
        ) : (
          <>
            <ChoiceSelect
              label="Translate into"
              data={form.languages.map((code) => ({ value: code, label: nameOf(code) }))}
              value={current}
              onChange={(v) => v && setLang(v)}
            />
            <TranslationsEditor
              key={current}
              form={form}
              questions={questions}
              lang={current}
              disabled={disabled}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}

function TranslationsEditor({
  form,
  questions,
  lang,
  disabled,
}: Pick<FormFieldsProps, 'form' | 'questions'> & { lang: string; disabled: boolean }) {
  const texts = translatableTexts(questions);
  const byKey = new Map(questions.map((q) => [q.key, q]));
  const f = useForm({
    language: lang,
    questions: Object.fromEntries(
      questions.map((q): [string, QuestionTexts] => {
        const t = q.translations?.[lang] ?? {};
        return [
          q.key,
          {
            label: t.label ?? '',
            hint: t.hint ?? '',
            requiredMessage: t.requiredMessage ?? '',
            constraintMessage: t.constraintMessage ?? '',
            choices: { ...t.choices },
          },
        ];
      }),
    ),
    thankYou: form.settings.thankYouTranslations?.[lang] ?? '',
  });
  const dir = textDirection(lang);
  const sourceDir = textDirection(form.language);
  const valueOf = (t: TranslatableText) =>
    t.field === 'choice'
      ? (f.data.questions[t.key].choices[t.value!] ?? '')
      : f.data.questions[t.key][t.field];
  const setValue = (t: TranslatableText, v: string) => {
    const q = f.data.questions[t.key];
    const next =
      t.field === 'choice'
        ? { ...q, choices: { ...q.choices, [t.value!]: v } }
        : { ...q, [t.field]: v };
    f.setData('questions', { ...f.data.questions, [t.key]: next });
  };
  // what is left, as the fields stand now (saved or not)
  const missing =
    texts.filter((t) => !valueOf(t).trim()).length +
    (form.settings.thankYou && !f.data.thankYou.trim() ? 1 : 0);
  const total = missingCount(questions, lang, {
    source: form.settings.thankYou,
    translated: undefined,
  }).total;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!passesCheck(f, saveTranslationsSchema)) return;
    f.put(route('forms.translations.update', { form: form.id }), { preserveScroll: true });
  };
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" role="status">
          {missing === 0
            ? `All ${plural(total, 'text')} translated.`
            : `${plural(missing, 'text')} of ${total} still to translate.`}
        </Text>
        {questions.map((q) => {
          const own = texts.filter((t) => t.key === q.key);
          return (
            <Stack key={q.key} gap={6}>
              <Text fw={600} size="sm">
                {q.key}
              </Text>
              {own.map((t) => {
                const field = t.field === 'choice' ? `choices.${t.value}` : t.field;
                const name = `questions.${q.key}.${field}`;
                const label = `${FIELD_LABELS[t.field]}${t.field === 'choice' ? ` “${t.value}”` : ''} in ${nameOf(lang)}`;
                const saved = translationOf(byKey.get(q.key)!, lang, t);
                return (
                  <SimpleGrid key={name} cols={{ base: 1, sm: 2 }} spacing="xs">
                    <Text size="sm" c="dimmed" lang={form.language} dir={sourceDir}>
                      {t.source}
                    </Text>
                    <TextInput
                      label={label}
                      name={name}
                      lang={lang}
                      dir={dir}
                      value={valueOf(t)}
                      placeholder={saved ? undefined : 'Not translated: the default text shows'}
                      onChange={(e) => setValue(t, e.currentTarget.value)}
                      error={(f.errors as Record<string, string>)[name]}
                      disabled={disabled}
                    />
                  </SimpleGrid>
                );
              })}
            </Stack>
          );
        })}
        {form.settings.thankYou && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Text size="sm" c="dimmed" lang={form.language} dir={sourceDir}>
              {form.settings.thankYou}
            </Text>
            <Textarea
              label={`Thank-you text in ${nameOf(lang)}`}
              name="thankYou"
              lang={lang}
              dir={dir}
              autosize
              minRows={2}
              value={f.data.thankYou}
              onChange={(e) => f.setData('thankYou', e.currentTarget.value)}
              error={f.errors.thankYou}
              disabled={disabled}
            />
          </SimpleGrid>
        )}
        {!disabled && (
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={f.processing}>
              Save translations
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
