import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every page has one <h1> (axe: page-has-heading-one checks the pages the e2e suite visits; this holds
// the ones it does not). A page renders it through PageTitle, a shared header that does, or order={1}.
const PAGES = import.meta.dirname;
const CLIENT = path.resolve(PAGES, '..');
const HEADERS: Record<string, string> = {
  PageTitle: 'components/page-title.tsx',
  PageHeader: 'features/projects/page-header.tsx',
  ProblemPageHeader: 'features/problems/problem-header.tsx',
  ProblemHeader: 'features/toc-views/problem-header.tsx',
  AuthHeading: 'features/accounts/auth-heading.tsx',
  ErrorPage: 'pages/errors/show.tsx',
  // the forms pages share one component per screen between survey and stakeholder forms
  FormBuilder: 'features/forms/builder.tsx',
  CreateForm: 'features/forms/create-form.tsx',
  ResponsesPage: 'features/forms/responses.tsx',
  ResponseDetail: 'features/forms/response-detail.tsx',
  ReviewQueue: 'features/forms/review-queue.tsx',
  // the settings section pages share their frame (breadcrumbs, PageHeader, the sections menu)
  SettingsFrame: 'features/settings/settings-frame.tsx',
};

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? pages(p) : p.endsWith('.tsx') ? [p] : [];
  });
}

describe('every page renders an <h1>', () => {
  it.each(Object.entries(HEADERS))('%s renders an h1', (_name, file) => {
    // a shared header renders one itself, or through PageHeader (checked above as a header of its own)
    expect(readFileSync(path.join(CLIENT, file), 'utf8')).toMatch(
      /order=\{1\}|<PageTitle\b|<PageHeader\b/,
    );
  });

  it.each(pages(PAGES).map((p) => path.relative(PAGES, p)))('%s', (file) => {
    const src = readFileSync(path.join(PAGES, file), 'utf8');
    const uses =
      Object.keys(HEADERS).some((c) => new RegExp(`<${c}\\b`).test(src)) ||
      /<Title[^>]*order=\{1\}/.test(src) ||
      // the public form page has no Mantine: a plain <h1>
      /<h1[\s>]/.test(src);
    expect(
      uses,
      `${file} has no <h1>: use <PageTitle> (components/page-title.tsx) or a shared page header`,
    ).toBe(true);
  });
});
