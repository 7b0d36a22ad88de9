import { z } from 'zod';
import type { ToolEnv, ToolResult } from './tool-support.js';
import {
  findRecords,
  findRecordsArgs,
  metricStatus,
  metricStatusArgs,
  outcomesWithoutMetric,
  responseCounts,
  responseCountsArgs,
} from './tools.records.js';
import { searchAnswers, searchAnswersArgs } from './tools.search.js';

export type { ToolEnv } from './tool-support.js';

/**
 * The fixed set of server functions Chanakya answers with. Each reads only the asking team's
 * records (every query filters on its team id; metric figures come from the metrics module's
 * `metricSeries`, the same one the metric and insights pages use) and returns a plain-text
 * answer, the records it used (citations) and the data behind it (what a model sees). Nothing
 * here runs SQL a user or a model wrote: their words only ever become bound parameters.
 */
export const TOOLS = {
  outcomes_without_metric: {
    description: "The team's theory-of-change outcomes that have no metric yet.",
    args: z.object({}),
    run: (env: ToolEnv) => outcomesWithoutMetric(env),
  },
  metric_status: {
    description:
      "A metric's actual, target, baseline and status (on track, at risk, off track, no data) in a period (e.g. Q2, 2026-Q2); the latest period with data when none is given.",
    args: metricStatusArgs,
    run: metricStatus,
  },
  find_records: {
    description: "The team's problems, metrics or forms whose names match some words.",
    args: findRecordsArgs,
    run: findRecords,
  },
  response_counts: {
    description:
      'Responses received per form and wave (optionally for forms named like some words).',
    args: responseCountsArgs,
    run: responseCounts,
  },
  search_answers: {
    description:
      "Full-text search over the open (text) answers of the team's forms, returning quotes; optionally only respondents of one sex.",
    args: searchAnswersArgs,
    run: searchAnswers,
  },
} as const;
export type ToolName = keyof typeof TOOLS;
export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

/** Runs one tool with arguments validated by its schema (a ZodError when they do not fit). */
export async function runTool(env: ToolEnv, name: ToolName, args: unknown): Promise<ToolResult> {
  const tool = TOOLS[name];
  const parsed = tool.args.parse(args ?? {});
  return tool.run(env, parsed);
}
