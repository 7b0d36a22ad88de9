import ExcelJS from 'exceljs';
import { excelNumberFormat, roundFigure } from '../../../shared/format/number.js';
import type {
  ElementTemplate,
  MetricTemplate,
  ProblemTemplate,
} from '../../../shared/toc/template.schemas.js';
import {
  AGGREGATIONS,
  ANSWER_TYPES,
  DATA_POINT_MEASUREMENTS,
  METRIC_DIRECTIONS,
  METRIC_TYPES,
  REPORTING_PERIODS,
} from '../../../shared/toc/vocabulary.js';
import {
  ACTUAL_SUFFIX,
  DATA_POINT_LEVEL,
  formatDisaggregations,
  LOGFRAME_COLUMNS,
  levelIndex,
  levelLabel,
  METRIC_LEVEL,
  QUESTION_COLUMNS,
  ROW_KINDS,
  SHEETS,
  TARGET_COLUMNS,
  TARGET_SUFFIX,
  yesNo,
  type LogframeColumn,
  type QuestionColumn,
  ABOUT_FIELDS,
} from './logframe-layout.js';
import { xlsxCellText } from '../../platform/exports/cells.js';

/** Actual values per metric, keyed by actualsKey(elementRef, metricIndex), then by period key. */
export type LogframeActuals = Record<string, Record<string, number>>;
export const actualsKey = (elementRef: string, metricIndex: number) =>
  `${elementRef}#${metricIndex}`;

export interface WriteOptions {
  actuals?: LogframeActuals;
  exportedAt?: Date;
  appName?: string;
}

type Cell = string | number | null | undefined;
const GROUP_FILL: Record<string, string> = {
  result: 'FFDCE8F5',
  metric: 'FFE3F1E3',
  dataPoint: 'FFF6EBD9',
};
const HEADER_FONT = { bold: true } as const;

/** Elements in logframe order: by level (impact first), keeping the template's order within a level. */
export function orderedElements(template: ProblemTemplate): ElementTemplate[] {
  return template.elements
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) => levelIndex(a.e.kind, a.e.horizon) - levelIndex(b.e.kind, b.e.horizon) || a.i - b.i,
    )
    .map(({ e }) => e);
}

/** Metric refs M1, M2, ... in logframe order. */
function metricRefs(template: ProblemTemplate): Map<MetricTemplate, string> {
  const refs = new Map<MetricTemplate, string>();
  for (const e of orderedElements(template))
    for (const m of e.metrics) refs.set(m, `M${refs.size + 1}`);
  return refs;
}

/** Cell text: line ends as \n, no control characters (XML cannot hold them), formula-looking text escaped. */
function cellTextOut(v: string): string {
  return xlsxCellText(
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this pattern finds
    v.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''),
  );
}
const text = (v: string | null | undefined) => (v == null || v === '' ? null : cellTextOut(v));

function addRow(ws: ExcelJS.Worksheet, keys: readonly string[], values: Record<string, Cell>) {
  const row = ws.addRow(keys.map((k) => values[k] ?? null));
  row.alignment = { vertical: 'top', wrapText: true };
  return row;
}

function header(
  ws: ExcelJS.Worksheet,
  columns: ReadonlyArray<{ header: string; width: number; group?: string }>,
) {
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  const row = ws.getRow(1);
  row.font = HEADER_FONT;
  row.alignment = { vertical: 'middle', wrapText: true };
  columns.forEach((c, i) => {
    if (c.group)
      row.getCell(i + 1).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: GROUP_FILL[c.group] },
      };
  });
}

/** A drop-down list on rows 2..lastRow of a column (one range, not one rule per cell). */
function listValidation(
  ws: ExcelJS.Worksheet,
  column: number,
  values: readonly string[],
  lastRow: number,
) {
  const letter = ws.getColumn(column).letter;
  const rules = (
    ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
  ).dataValidations;
  rules.add(`${letter}2:${letter}${lastRow}`, {
    type: 'list',
    allowBlank: true,
    showErrorMessage: true,
    errorTitle: 'Not in the list',
    error: `Choose one of: ${values.join(', ')}`,
    formulae: [`"${values.join(',')}"`],
  });
}

function logframeSheet(
  wb: ExcelJS.Workbook,
  template: ProblemTemplate,
  refs: Map<MetricTemplate, string>,
) {
  const ws = wb.addWorksheet(SHEETS.logframe, {
    views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }],
    properties: { outlineLevelRow: 2 },
  });
  header(ws, LOGFRAME_COLUMNS);
  const keys = LOGFRAME_COLUMNS.map((c) => c.key);
  const outgoing = new Map<string, string[]>();
  for (const l of template.links) outgoing.set(l.from, [...(outgoing.get(l.from) ?? []), l.to]);

  for (const e of orderedElements(template)) {
    const row = addRow(ws, keys, {
      level: levelLabel(e.kind, e.horizon),
      ref: text(e.ref),
      title: text(e.title),
      description: text(e.description),
      contributesTo: text((outgoing.get(e.ref) ?? []).join(', ')),
      assumptions: text(e.assumptions),
      risks: text(e.risks),
    } satisfies Partial<Record<LogframeColumn, Cell>>);
    row.font = { bold: true };
    for (const m of e.metrics) {
      const mrow = addRow(ws, keys, {
        level: METRIC_LEVEL,
        metricRef: refs.get(m),
        metric: text(m.name),
        definition: text(m.definition),
        unit: text(m.unit),
        type: m.type,
        direction: m.direction,
        period: m.period,
        baselineValue: m.baselineValue ?? null,
        baselineDate: m.baselineDate ?? null,
        periodStart: m.periodStart ?? null,
        periodEnd: m.periodEnd ?? null,
        standardRef: text(m.standardRef),
        formula: text(m.formula),
        disaggregations: text(formatDisaggregations(m.disaggregations)),
      } satisfies Partial<Record<LogframeColumn, Cell>>);
      mrow.outlineLevel = 1;
      for (const d of m.dataPoints) {
        const drow = addRow(ws, keys, {
          level: DATA_POINT_LEVEL,
          metricRef: refs.get(m),
          dpKey: text(d.key),
          dpName: text(d.name),
          dpDescription: text(d.description),
          measurement: d.measurement,
          aggregation: d.aggregation,
          starred: yesNo(d.starred),
        } satisfies Partial<Record<LogframeColumn, Cell>>);
        drow.outlineLevel = 2;
        drow.font = { color: { argb: 'FF555555' } };
      }
    }
  }
  const last = Math.max(ws.rowCount, 1) + 500;
  const col = (k: LogframeColumn) => keys.indexOf(k) + 1;
  listValidation(ws, col('level'), ROW_KINDS, last);
  listValidation(ws, col('type'), METRIC_TYPES, last);
  listValidation(ws, col('direction'), METRIC_DIRECTIONS, last);
  listValidation(ws, col('period'), REPORTING_PERIODS, last);
  listValidation(ws, col('measurement'), DATA_POINT_MEASUREMENTS, last);
  listValidation(ws, col('aggregation'), AGGREGATIONS, last);
  listValidation(ws, col('starred'), ['Yes', 'No'], last);
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: keys.length } };
}

function targetsSheet(
  wb: ExcelJS.Workbook,
  template: ProblemTemplate,
  refs: Map<MetricTemplate, string>,
  actuals: LogframeActuals,
) {
  const ws = wb.addWorksheet(SHEETS.targets, {
    views: [{ state: 'frozen', xSplit: 3, ySplit: 1 }],
  });
  const rows: Array<{ e: ElementTemplate; m: MetricTemplate; actual: Record<string, number> }> = [];
  const periods = new Set<string>();
  for (const e of orderedElements(template)) {
    e.metrics.forEach((m, i) => {
      const actual = actuals[actualsKey(e.ref, i)] ?? {};
      rows.push({ e, m, actual });
      for (const t of m.targets) periods.add(t.period);
      for (const p of Object.keys(actual)) periods.add(p);
    });
  }
  const sorted = [...periods].sort();
  const columns = [
    ...TARGET_COLUMNS,
    ...sorted.flatMap((p) => [
      { key: `${p}${TARGET_SUFFIX}`, header: `${p}${TARGET_SUFFIX}`, width: 12 },
      { key: `${p}${ACTUAL_SUFFIX}`, header: `${p}${ACTUAL_SUFFIX}`, width: 12 },
    ]),
  ];
  header(ws, columns);
  const keys = columns.map((c) => c.key);
  for (const { e, m, actual } of rows) {
    const values: Record<string, Cell> = {
      metricRef: refs.get(m),
      element: text(`${e.ref} ${e.title}`),
      metric: text(m.name),
      unit: text(m.unit),
      baseline: m.baselineValue ?? null,
    };
    for (const t of m.targets) values[`${t.period}${TARGET_SUFFIX}`] = t.value;
    // computed actuals are rounded to the metric's precision, as the app shows them (85.15, not 85.1485148515)
    for (const [p, v] of Object.entries(actual)) values[`${p}${ACTUAL_SUFFIX}`] = roundFigure(v, m);
    const row = addRow(ws, keys, values);
    const numFmt = excelNumberFormat(m);
    keys.forEach((k, i) => {
      if (k === 'baseline' || k.endsWith(TARGET_SUFFIX) || k.endsWith(ACTUAL_SUFFIX))
        row.getCell(i + 1).numFmt = numFmt;
    });
    sorted.forEach((p, i) => {
      row.getCell(TARGET_COLUMNS.length + 2 * i + 2).fill = {
        type: 'pattern',
        pattern: 'solid',
        fgColor: { argb: 'FFF2F2F2' },
      };
    });
  }
  sorted.forEach((_p, i) => {
    ws.getRow(1).getCell(TARGET_COLUMNS.length + 2 * i + 2).note =
      'Actuals are computed from the entered values; they are not imported.';
  });
}

function questionsSheet(
  wb: ExcelJS.Workbook,
  template: ProblemTemplate,
  refs: Map<MetricTemplate, string>,
) {
  const ws = wb.addWorksheet(SHEETS.questions, { views: [{ state: 'frozen', ySplit: 1 }] });
  header(ws, QUESTION_COLUMNS);
  const keys = QUESTION_COLUMNS.map((c) => c.key);
  for (const e of orderedElements(template))
    for (const m of e.metrics)
      for (const d of m.dataPoints)
        for (const q of d.questions) {
          addRow(ws, keys, {
            metricRef: refs.get(m),
            dpKey: text(d.key),
            text: text(q.text),
            helpText: text(q.helpText),
            answerType: q.answerType,
            choices: text(q.choices.join(' | ')),
            required: yesNo(q.required),
          } satisfies Partial<Record<QuestionColumn, Cell>>);
        }
  listValidation(ws, keys.indexOf('answerType') + 1, ANSWER_TYPES, ws.rowCount + 500);
}

function aboutSheet(wb: ExcelJS.Workbook, template: ProblemTemplate, opts: WriteOptions) {
  const ws = wb.addWorksheet(SHEETS.about);
  ws.columns = [{ width: 22 }, { width: 90 }];
  for (const [label, field] of ABOUT_FIELDS) {
    const v = template.problem[field];
    const row = ws.addRow([label, typeof v === 'number' ? v : text(v ?? null)]);
    row.getCell(1).font = HEADER_FONT;
    row.alignment = { vertical: 'top', wrapText: true };
  }
  ws.addRow([]);
  const notes: Array<[string, string]> = [
    ['Exported', (opts.exportedAt ?? new Date()).toISOString()],
    ['Exported from', opts.appName ?? 'Pathways'],
    [
      'How to re-import',
      'Open a project and choose "Import logframe (XLSX)". A new problem is created from the sheets "About", "Logframe", "Targets & actuals" and "Survey questions". ' +
        'Keep the header rows and the sheet names. In "Logframe", put each Metric row below its result and each Data point row below its metric; "Contributes to" lists the refs of the results a result leads to (activity -> output -> outcome -> outcome or impact). ' +
        'Targets are imported from the "<period> target" columns; actuals are not imported (they are computed from the values entered in the app).',
    ],
  ];
  for (const [label, value] of notes) {
    const row = ws.addRow([label, xlsxCellText(value)]);
    row.getCell(1).font = HEADER_FONT;
    row.alignment = { vertical: 'top', wrapText: true };
  }
}

/** The problem's results framework as a logframe workbook (pure: no database). */
export function templateToWorkbook(
  template: ProblemTemplate,
  opts: WriteOptions = {},
): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook();
  wb.creator = opts.appName ?? 'Pathways';
  wb.created = opts.exportedAt ?? new Date();
  wb.title = template.problem.title;
  const refs = metricRefs(template);
  logframeSheet(wb, template, refs);
  targetsSheet(wb, template, refs, opts.actuals ?? {});
  questionsSheet(wb, template, refs);
  aboutSheet(wb, template, opts);
  return wb;
}

export async function templateToXlsx(
  template: ProblemTemplate,
  opts: WriteOptions = {},
): Promise<Buffer> {
  const out = await templateToWorkbook(template, opts).xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}
