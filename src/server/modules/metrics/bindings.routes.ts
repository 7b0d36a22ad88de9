import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { actorOf, runUseCase } from '../../platform/use-case/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { bindDataPointSchema } from '../../../shared/metrics/metrics.schemas.js';
import { periodLabel } from '../../../shared/metrics/periods.js';
import type { BoundRowView, RowFilterChip } from '../../../shared/metrics/bindings.js';
import { aggregateBound, boundRows, type BoundRow } from '../datasets/index.js';
import { bindDataPoint } from './bindings.use-cases.js';
import { resolveBinding, type BindingOrigin } from './bindings.compute.js';
import { narrowResolved } from './bindings.filters.js';
import { parseRowFilters, type RowFilters } from '../../../shared/metrics/row-filters.js';
import { findDataPoint } from './metrics.queries.js';
import { dataPointProps, metricProps } from './metrics.props.js';
import { teamOf } from './metrics.routes.js';

const view = { kind: 'team', permission: 'content.view' } as const;
const update = { kind: 'team', permission: 'content.update' } as const;
const PER_PAGE = 50;

const one = (request: FastifyRequest, name: string) => {
  const v = (request.query as Record<string, unknown>)[name];
  return typeof v === 'string' ? v.slice(0, 100) : '';
};

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A bound row for the page: its value as JSON, and for forms the response and stakeholder. */
function rowView(r: BoundRow): BoundRowView {
  const t = r.trace;
  const v = r.value;
  const value =
    v === null || v === undefined
      ? null
      : typeof v === 'number' || typeof v === 'boolean'
        ? v
        : Array.isArray(v)
          ? v.map(String)
          : String(v);
  return {
    row: r.row,
    value,
    categories: r.categories,
    response: t.responseId
      ? {
          id: String(t.responseId),
          formId: String(t.formId),
          formName: String(t.formName),
          submittedAt: String(t.submittedAt),
          wave: str(t.wave),
          stakeholder: t.stakeholderId
            ? {
                id: String(t.stakeholderId),
                name: String(t.stakeholderName ?? ''),
                code: String(t.stakeholderCode ?? ''),
              }
            : null,
        }
      : null,
  };
}

/** The row filters on, as the page shows them (a form or dataset by its name). */
function filterChips(f: RowFilters, origin: BindingOrigin): RowFilterChip[] {
  const formName = origin.kind === 'form' ? origin.forms.find((x) => x.id === f.form)?.name : null;
  const datasetName =
    origin.kind === 'dataset' && origin.dataset.id === f.source ? origin.dataset.name : null;
  const chips: RowFilterChip[] = [];
  if (f.wave) chips.push({ name: 'wave', value: f.wave, label: `Wave: ${f.wave}` });
  if (f.form)
    chips.push({ name: 'form', value: f.form, label: `Form: ${formName ?? 'another form'}` });
  if (f.source)
    chips.push({
      name: 'source',
      value: f.source,
      label: `Source: ${datasetName ?? 'another dataset'}`,
    });
  if (f.site) chips.push({ name: 'site', value: f.site, label: `Site: ${f.site}` });
  return chips;
}

export function registerBindingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.put(
    '/data-points/:dataPoint/binding',
    { config: { name: 'data-points.binding', access: update } },
    async (request, reply) => {
      const input = parseInput(bindDataPointSchema, request.body);
      const { dataPoint } = await runUseCase(ctx, actorOf(request), (uc) =>
        bindDataPoint(uc, {
          ...input,
          dataPointId: (request.params as Record<string, string>).dataPoint,
        }),
      );
      reply.flash({
        success:
          dataPoint.binding.kind === 'manual'
            ? 'The data point’s values are entered by hand again.'
            : 'Binding saved: the metric’s values are now computed from the rows.',
      });
      return reply.redirect(ctx.routes.url('data-points.show', { dataPoint: dataPoint.id }), 303);
    },
  );

  // the rows behind one computed figure (a period, optionally one category), a page at a time
  app.get(
    '/data-points/:dataPoint/rows',
    { config: { name: 'data-points.rows', access: view } },
    async (request, reply) => {
      const teamId = teamOf(request);
      const { dataPoint, metric, trail } = await findDataPoint(
        ctx.db,
        teamId,
        (request.params as Record<string, string>).dataPoint,
      );
      const period = one(request, 'period');
      const dim = metric.disaggregations.find((d) => d.key === one(request, 'dimension'));
      const cat = dim?.categories.find((c) => c === one(request, 'category')) ?? null;
      const page = Math.max(1, Math.min(100000, Math.floor(Number(one(request, 'page')) || 1)));
      const resolved = await resolveBinding(ctx.db, teamId, metric, dataPoint);
      // the insights' row filters (wave, form, source, site), applied in SQL as there
      const filters = parseRowFilters(request.query as Record<string, unknown>);
      const narrowed = resolved.ok ? narrowResolved(resolved, filters) : null;
      const b = dataPoint.binding;
      let rows: BoundRowView[] = [];
      let total = 0;
      let figure: number | null = null;
      let valueLabel = '';
      let sourceName = '';
      if (resolved.ok) valueLabel = resolved.source.value.label;
      if (narrowed) {
        const at = {
          period,
          dimension: dim && cat ? dim.key : null,
          category: dim && cat ? cat : null,
        };
        const r = await boundRows(ctx.db, narrowed.source, narrowed.spec, {
          ...at,
          offset: (page - 1) * PER_PAGE,
          limit: PER_PAGE,
        });
        rows = r.rows.map(rowView);
        total = r.total;
        figure =
          (await aggregateBound(ctx.db, narrowed.source, narrowed.spec)).find(
            (f) =>
              f.period === period && f.dimension === at.dimension && f.category === at.category,
          )?.value ?? null;
        sourceName = rows[0]?.response?.formName ?? '';
      }
      return reply.inertia('data-points/rows', {
        dataPoint: dataPointProps(dataPoint),
        metric: metricProps(metric),
        trail,
        period: { key: period, label: periodLabel(metric, period) },
        category:
          dim && cat ? { dimension: dim.key, dimensionLabel: dim.label, category: cat } : null,
        origin: b.kind === 'dataset_column' ? 'dataset' : 'form',
        sourceName,
        datasetId: b.kind === 'dataset_column' ? b.datasetId : null,
        valueLabel,
        figure,
        state: resolved.ok ? { status: 'ok', message: '' } : resolved.state,
        filters: resolved.ok ? filterChips(filters, resolved.origin) : [],
        filteredOut: resolved.ok && !narrowed,
        rows,
        total,
        page,
        perPage: PER_PAGE,
      });
    },
  );
}
