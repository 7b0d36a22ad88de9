import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Class checks over every client file (issue 8, items 1, 11, 18, 22): a new form or select that
 * bypasses the shared components fails here, not in front of a user.
 */
const CLIENT = path.resolve(import.meta.dirname, '..');

function sources(dir = CLIENT): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(e.name) || /\.test\.tsx?$/.test(e.name)) return [];
    return [{ file: path.relative(CLIENT, full), text: readFileSync(full, 'utf8') }];
  });
}

/** The JSX opening tags `<Name ...>` in a source text (attributes may span lines and hold `{...}`). */
function openingTags(text: string, name: string): string[] {
  const tags: string[] = [];
  const re = new RegExp(`<${name}(?=[\\s>/])`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let depth = 0;
    let i = m.index + 1;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0 && text[i - 1] !== '=') break;
    }
    tags.push(text.slice(m.index, i + 1));
  }
  return tags;
}

const files = sources();

/** Forms that send without the client pre-check, each with its reason. */
const PRE_CHECK_EXCEPTIONS: Record<string, string> = {
  'pages/auth/verify-email.tsx': 'the resend and sign-out buttons send no fields',
  'features/databases/dataset-target-form.tsx':
    'the shared fields of the database and connector import forms, whose submit handlers (import-form.tsx, connector-import-form.tsx) run passesCheck before they send',
  'pages/problems/create.tsx':
    'ProblemForm (features/problems/problem-form.tsx) checks before it calls onSubmit',
  'pages/problems/edit.tsx':
    'ProblemForm (features/problems/problem-form.tsx) checks before it calls onSubmit',
  'features/projects/delete-project-modal.tsx':
    'type-to-confirm: the Delete button stays disabled until the project’s exact name is typed',
  'public-form/form-app.tsx':
    'the public form checks its answers with the shared validateAnswers (src/shared/forms/answers.ts, the server’s own check) before sending; zod stays out of the public page',
  'features/datagrid/grid-toolbar.tsx':
    'the “Go to row” form sends nothing: it scrolls the grid to a row number kept within the rows',
  'pages/surveyholders/xlsform.tsx':
    'a multipart file upload: no shared zod schema; the server’s “Choose an XLSForm file” lands on the field',
  'features/logframe/import-logframe-modal.tsx':
    'a multipart file upload: no shared zod schema; the server’s “Choose a workbook” lands on the field',
};

describe('client form conventions', () => {
  it('finds the client sources (the scan itself works)', () => {
    expect(files.some((f) => f.file === 'features/metrics/value-form.tsx')).toBe(true);
    expect(openingTags('<form onSubmit={(e) => a > b} noValidate>x</form>', 'form')).toEqual([
      '<form onSubmit={(e) => a > b} noValidate>',
    ]);
  });

  it('every select is the shared ChoiceSelect (re-picking an option never empties a choice)', () => {
    const offenders = files.filter(
      ({ file, text }) =>
        file !== 'components/choice-select.tsx' &&
        (/import\s*\{[^}]*\b(Select|NativeSelect|MultiSelect)\b[^}]*\}\s*from\s*'@mantine\/core'/.test(
          text,
        ) ||
          /<(Select|NativeSelect|MultiSelect)[\s>/]/.test(text) ||
          /allowDeselect/.test(text)),
    );
    expect(offenders.map((f) => f.file)).toEqual([]);
  });

  it('every <form> has noValidate: required fields show the app’s inline error, never the browser’s popup', () => {
    const offenders = files.flatMap(({ file, text }) =>
      openingTags(text, 'form')
        .filter((t) => !/\bnoValidate\b/.test(t))
        .map((t) => `${file}: ${t.slice(0, 80)}`),
    );
    expect(offenders).toEqual([]);
  });

  it('every form that sends runs the shared schema’s pre-check (passesCheck) before it sends', () => {
    const offenders = files.flatMap(({ file, text }) => {
      if (file in PRE_CHECK_EXCEPTIONS) return [];
      const found: string[] = [];
      // a <form> element: its submit handler checks before it sends
      if (openingTags(text, 'form').length && !/\bpassesCheck\(/.test(text))
        found.push(`${file}: <form> without passesCheck`);
      // an Inertia useForm() object that sends: checked under its own name
      const senders = new Set(
        [...text.matchAll(/\b(\w+)\.(post|put|patch|delete)\(\s*route\(/g)]
          .map((m) => m[1]!)
          .filter((name) => name !== 'router'),
      );
      for (const name of senders)
        if (!new RegExp(`\\bpassesCheck\\(\\s*${name}\\b`).test(text))
          found.push(`${file}: ${name}.post/put/delete without passesCheck(${name}, …)`);
      return found;
    });
    expect(offenders).toEqual([]);
  });

  it('the pre-check exceptions still exist (a stale exception would hide nothing but mislead)', () => {
    for (const file of Object.keys(PRE_CHECK_EXCEPTIONS))
      expect(
        files.some((f) => f.file === file),
        file,
      ).toBe(true);
  });

  it('no input truncates silently (no maxLength attribute): limits come from the shared schemas and show on the field', () => {
    const offenders = files.filter(({ text }) => /\bmaxLength=\{/.test(text)).map((f) => f.file);
    expect(offenders).toEqual([]);
  });
});
