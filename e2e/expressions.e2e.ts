import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { evaluate, parse, print, pruneHidden } from '../src/shared/expressions/index.js';
import {
  answers as answersArb,
  current,
  describeValue,
  expr,
  FIELDS,
} from '../test/helpers/expression-arbitraries.js';
import { launchBrowser, shot, type Browser } from './helpers/browser.js';

/*
 * The expression language runs in the browser and on the server from one source
 * (src/shared/expressions). This bundles it as the client would, runs it in Chromium, and checks
 * that a few hundred generated expressions and answers give the same results there as in Node,
 * and that pruneHidden drops the same answers. Then it drives the ConditionBuilder.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const NOW = Date.UTC(2024, 4, 15, 9, 30);
let out: string;
let server: Server;
let base: string;
let browser: Browser;

beforeAll(async () => {
  out = mkdtempSync(path.join(tmpdir(), 'pathways-expressions-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@shared': path.join(ROOT, 'src/shared') } },
    // Vitest's NODE_ENV ('test') makes the React plugin emit the development JSX runtime: match it
    define: { 'process.env.NODE_ENV': JSON.stringify('development') },
    build: {
      outDir: out,
      emptyOutDir: true,
      minify: false,
      lib: {
        entry: path.join(ROOT, 'e2e/helpers/expressions-harness.ts'),
        formats: ['es'],
        fileName: () => 'harness.js',
        cssFileName: 'harness',
      },
    },
  });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Skip logic</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/harness.css"></head>
<body><div id="app"></div><script type="module" src="/harness.js"></script></body></html>`;
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const file = url.pathname === '/' ? null : path.join(out, path.basename(url.pathname));
    const type = file?.endsWith('.css') ? 'text/css' : 'text/javascript';
    let body: Buffer | string;
    try {
      body = file ? readFileSync(file) : page;
    } catch {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': file ? type : 'text/html' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (out) rmSync(out, { recursive: true, force: true });
});

it('Chromium and Node evaluate the same expressions on the same answers alike', async () => {
  const { page } = browser;
  await page.goto(base);
  await page.getByRole('heading', { name: 'Skip logic' }).waitFor();

  const cases = fc
    .sample(fc.record({ ast: expr, answers: answersArb, current }), {
      numRuns: 400,
      seed: 20261125,
    })
    .map(({ ast, answers, current }) => ({ text: print(ast), answers, current }));
  const inNode = cases.map(({ text, answers, current }) => {
    const r = parse(text);
    return r.ok
      ? describeValue(evaluate(r.ast, { answers, current, now: NOW }))
      : `error:${r.error.message}`;
  });
  const inBrowser = await page.evaluate(
    ({ cases, now }) =>
      cases.map(({ text, answers, current }) => {
        const x = window.__expressions;
        const r = x.parse(text);
        return r.ok
          ? x.describeValue(x.evaluate(r.ast, { answers, current, now }))
          : `error:${r.error.message}`;
      }),
    { cases, now: NOW },
  );
  expect(inBrowser).toHaveLength(400);
  for (let i = 0; i < cases.length; i++) expect(inBrowser[i], cases[i].text).toBe(inNode[i]);
  // the sample is not trivial: errors are rare, and results vary
  expect(inNode.filter((r) => r.startsWith('error:'))).toEqual([]);
  expect(new Set(inNode).size).toBeGreaterThan(50);

  const forms = fc.sample(
    fc.record({
      relevant: fc.array(fc.option(expr, { nil: undefined }), {
        minLength: FIELDS.length,
        maxLength: FIELDS.length,
      }),
      grouped: fc.array(fc.boolean(), { minLength: FIELDS.length, maxLength: FIELDS.length }),
      answers: answersArb,
    }),
    { numRuns: 200, seed: 7 },
  );
  const questions = forms.map((f) =>
    FIELDS.map((key, i) => ({
      key,
      relevant: f.relevant[i] && print(f.relevant[i]),
      group: i > 0 && f.grouped[i] ? FIELDS[0] : undefined,
    })),
  );
  const prunedInNode = forms.map((f, i) =>
    JSON.stringify(pruneHidden(questions[i], f.answers, { now: NOW })),
  );
  const prunedInBrowser = await page.evaluate(
    ({ forms, questions, now }) =>
      forms.map((f, i) =>
        JSON.stringify(window.__expressions.pruneHidden(questions[i], f.answers, { now })),
      ),
    { forms, questions, now: NOW },
  );
  expect(prunedInBrowser).toEqual(prunedInNode);
  expect(
    prunedInNode.filter((p, i) => p !== JSON.stringify(forms[i].answers)).length,
  ).toBeGreaterThan(20);
});

it('the condition builder writes the expression, reads it back, and shows a positioned error in text mode', async () => {
  const { page } = browser;
  const expression = page.getByTestId('expression');
  await page.goto(`${base}/?value=${encodeURIComponent('${age} >= 18')}`);
  await expect
    .poll(() => page.getByRole('combobox', { name: 'Question 1' }).inputValue())
    .toBe('Age');
  expect(await page.getByRole('combobox', { name: 'Comparison 1' }).inputValue()).toBe(
    'is at least',
  );
  expect(await page.getByRole('textbox', { name: 'Answer 1' }).inputValue()).toBe('18');

  await page.getByRole('button', { name: 'Add a condition' }).click();
  await page.getByRole('combobox', { name: 'Question 2' }).click();
  await page.getByRole('option', { name: 'Services used' }).click();
  await expect
    .poll(() => expression.textContent())
    .toBe("${age} >= 18 and selected(${services}, 'health')");
  await page.getByRole('combobox', { name: 'Answer 2' }).click();
  await page.getByRole('option', { name: 'School' }).click();
  await page.getByRole('combobox', { name: 'Match' }).click();
  await page.getByRole('option', { name: 'any of these conditions' }).click();
  await expect
    .poll(() => expression.textContent())
    .toBe("${age} >= 18 or selected(${services}, 'school')");
  await page.getByRole('textbox', { name: 'Answer 1' }).fill('21');
  await expect
    .poll(() => expression.textContent())
    .toBe("${age} >= 21 or selected(${services}, 'school')");
  await shot(page, 'expressions-builder-desktop');

  await page.getByRole('button', { name: 'Edit as text' }).click();
  const box = page.getByRole('textbox', { name: 'Show this question when' });
  expect(await box.inputValue()).toBe("${age} >= 21 or selected(${services}, 'school')");
  await box.fill('${age} >= 21 or ${agee} = 3');
  await expect.poll(() => box.getAttribute('aria-invalid')).toBe('true');
  const describedBy = (await box.getAttribute('aria-describedby')) ?? '';
  const errorText = await page
    .locator(
      describedBy
        .split(' ')
        .map((id) => `[id="${id}"]`)
        .join(','),
    )
    .allTextContents();
  expect(errorText.join(' ')).toContain('Unknown field `agee` (at character 17)');
  await box.fill('${age} >= 21 and (');
  await expect.poll(() => page.getByText('(at character 19)').count()).toBe(1);
  await shot(page, 'expressions-builder-text-error');
  await box.fill("${consent} = 'yes' and ${age} + 1 > 18");
  await expect.poll(() => box.getAttribute('aria-invalid')).not.toBe('true');
  expect(await page.getByRole('button', { name: 'Use the visual builder' }).isDisabled()).toBe(
    true,
  );
  await box.fill("${consent} = 'yes'");
  await page.getByRole('button', { name: 'Use the visual builder' }).click();
  await expect
    .poll(() => page.getByRole('combobox', { name: 'Answer 1' }).inputValue())
    .toBe('Yes');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Remove condition 1' }).click();
  await page.getByText('Always shown').waitFor();
  expect(await expression.textContent()).toBe('');
  await page.getByRole('button', { name: 'Add a condition' }).click();
  await expect.poll(() => expression.textContent()).toBe('${age} = 0');
  await shot(page, 'expressions-builder-phone');
});
