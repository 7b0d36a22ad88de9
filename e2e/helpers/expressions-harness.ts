/*
 * The page e2e/expressions.e2e.ts bundles for Chromium: the expression language exactly as the
 * client imports it (window.__expressions, to evaluate in the browser what Node evaluates) and the
 * ConditionBuilder on a page of its own. Plain TypeScript (no JSX) so knip counts it as an entry.
 */
import '@mantine/core/styles.css';
import { createElement as h, StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '../../src/client/lib/theme.js';
import { evaluate, parse, pruneHidden } from '../../src/shared/expressions/index.js';
import { ConditionBuilder } from '../../src/client/features/expressions/condition-builder.js';
import { describeValue } from '../../test/helpers/expression-arbitraries.js';
import { HARNESS_FIELDS } from './expressions-fields.js';

declare global {
  interface Window {
    __expressions: {
      parse: typeof parse;
      evaluate: typeof evaluate;
      pruneHidden: typeof pruneHidden;
      describeValue: typeof describeValue;
    };
  }
}
window.__expressions = { parse, evaluate, pruneHidden, describeValue };

function Harness() {
  const [value, setValue] = useState(new URLSearchParams(location.search).get('value') ?? '');
  return h(
    MantineProvider,
    { theme, cssVariablesResolver, defaultColorScheme: 'light' },
    h(
      'main',
      { style: { padding: 16, maxWidth: 900 } },
      h('h1', null, 'Skip logic'),
      h(ConditionBuilder, { fields: HARNESS_FIELDS, value, onChange: setValue }),
      h('p', null, 'Expression: ', h('code', { 'data-testid': 'expression' }, value)),
    ),
  );
}

createRoot(document.getElementById('app')!).render(h(StrictMode, null, h(Harness)));
