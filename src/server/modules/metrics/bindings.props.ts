import type { Db } from '../../platform/db/client.js';
import type {
  BindableDataset,
  BindableSurveyQuestion,
  BindingFieldKind,
  BindingPanel,
} from '../../../shared/metrics/bindings.js';
import { datasetRowSource, datasetsOf } from '../datasets/index.js';
import { surveyQuestionRowSource } from '../forms/index.js';
import { resolveBinding } from './bindings.compute.js';
import type { DataPointRow, MetricRow, SurveyQuestionRow } from './metrics.queries.js';

const kindOf = (k: string): BindingFieldKind => k as BindingFieldKind;

/** Where a data point's values come from, in one sentence. */
function summaryOf(
  dp: DataPointRow,
  surveyQuestions: readonly BindableSurveyQuestion[],
  datasets: readonly BindableDataset[],
): string {
  const b = dp.binding;
  if (b.kind === 'manual') return 'Values are entered by hand per period on the metric’s page.';
  if (b.kind === 'survey_question') {
    const q = surveyQuestions.find((s) => s.id === b.questionId);
    if (!q) return 'Computed from the answers to one of its survey questions.';
    const forms = [...new Set(q.askedIn.map((a) => a.formName))].join(', ');
    return `Computed from the answers to “${q.text}” in ${forms} (every version, deleted responses left out).`;
  }
  const d = datasets.find((x) => x.id === b.datasetId);
  const col = d?.columns.find((c) => c.key === b.columnKey);
  return `Computed from the column “${col?.label ?? b.columnKey}” of the dataset “${d?.name ?? 'deleted'}” (its current version).`;
}

/** The binding panel of a data point's page: its state, and what it can be bound to. */
export async function bindingPanelProps(
  db: Db,
  teamId: string,
  metric: MetricRow,
  dp: DataPointRow,
  questions: readonly SurveyQuestionRow[],
  projectId: string,
): Promise<BindingPanel> {
  const surveyQuestions: BindableSurveyQuestion[] = [];
  let unasked = 0;
  for (const q of questions) {
    const r = await surveyQuestionRowSource(db, teamId, q.id);
    if (!r.ok) {
      unasked++;
      continue;
    }
    surveyQuestions.push({
      id: q.id,
      text: q.text,
      askedIn: r.asking.map((a) => ({
        formId: a.formId,
        formName: a.formName,
        questionKey: a.questionKey,
        questionLabel: a.questionLabel,
      })),
      kind: kindOf(r.source.value.kind),
      fields: r.questions.map((f) => ({
        key: f.key,
        label: f.label,
        kind: kindOf(f.kind),
        ...(f.choices.length ? { choices: f.choices } : {}),
      })),
    });
  }
  const datasets: BindableDataset[] = [];
  for (const d of (await datasetsOf(db, teamId, projectId)).slice(0, 30)) {
    if (!d.currentVersionId) continue;
    const r = await datasetRowSource(db, teamId, d.id, '');
    datasets.push({
      id: d.id,
      name: d.name,
      columns: r.columns.map((c) => ({ key: c.key, label: c.label, kind: kindOf(c.kind) })),
    });
  }
  const resolved = await resolveBinding(db, teamId, metric, dp);
  return {
    state: resolved.ok ? { status: 'ok', message: '' } : resolved.state,
    summary: summaryOf(dp, surveyQuestions, datasets),
    surveyQuestions,
    datasets,
    dimensions: metric.disaggregations.map((d) => ({
      key: d.key,
      label: d.label,
      categories: d.categories,
    })),
    unaskedQuestions: unasked,
  };
}
