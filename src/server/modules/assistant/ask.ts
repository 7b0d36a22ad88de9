import type { AppContext } from '../../platform/context.js';
import { countAiRequest } from '../settings/index.js';
import { MONTHS } from '../../../shared/settings/settings.js';
import type { Citation } from '../../../shared/assistant/assistant.js';
import { Masker } from './masking.js';
import { answerWithModel, AssistantRefusal, type ModelTurn } from './model.js';
import { answerOffline, type Answer, type AnswerSink } from './offline.js';
import { stakeholderNames } from './assistant.queries.js';
import { plural } from '../../../shared/format/plural.js';

export interface AskRun {
  ctx: AppContext;
  teamId: string;
  question: string;
  history: readonly ModelTurn[];
  /** asked from a problem's side panel: the tools see only that problem (and its project's forms) */
  scope?: { problemId: string; projectId: string; title: string };
  sink: AnswerSink;
  now?: () => Date;
  fetch?: typeof fetch;
}

/** The message shown when the team has used its monthly model requests. */
function limitMessage(limit: number, now: Date) {
  const month = `${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}`;
  return `Your team has used its ${plural(limit, 'AI model request')} for ${month}, so I cannot ask the model. An admin can raise the limit in Settings (request review limit).`;
}

/**
 * Answers a question with the configured engine: the model (AI_BASE_URL, AI_API_KEY, AI_MODEL
 * set), else the offline one. A refusal (malformed model output, the monthly limit) becomes the
 * answer, after whatever text had already streamed.
 */
export async function answerQuestion(run: AskRun): Promise<Answer> {
  const env = {
    ctx: run.ctx,
    teamId: run.teamId,
    scope: run.scope && { problemId: run.scope.problemId, projectId: run.scope.projectId },
  };
  const config = run.ctx.config.ai;
  if (!config) return answerOffline(env, run.question, run.sink);
  let streamed = '';
  const sink: AnswerSink = {
    text: (t) => {
      streamed += t;
      run.sink.text(t);
    },
  };
  const now = run.now ?? (() => new Date());
  const citations: Citation[] = [];
  try {
    return await answerWithModel({
      env,
      config,
      history: run.history,
      question: run.question,
      about: run.scope?.title,
      masker: new Masker(await stakeholderNames(run.ctx.db, run.teamId)),
      grant: async () => {
        const at = now();
        const g = await countAiRequest(run.ctx.db, run.teamId, at);
        return g.allowed ? { ok: true } : { ok: false, message: limitMessage(g.limit, at) };
      },
      sink,
      calls: run.fetch ? { ...run.ctx.modelCalls, fetch: run.fetch } : run.ctx.modelCalls,
    });
  } catch (err) {
    if (!(err instanceof AssistantRefusal)) throw err;
    const note = `${streamed ? '\n\n' : ''}${err.message}`;
    run.sink.text(note);
    return { content: streamed + note, citations, engine: 'model', tools: [] };
  }
}
