import {
  learningQuestions,
  learnings,
} from '../../../src/server/modules/learnings/learnings.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';
import { insertProblem } from './rows.js';

/** A learning of team A (on a fresh problem), inserted directly. */
async function insertLearning(c: FixtureContext) {
  const problemId = await insertProblem(c);
  const [row] = await c.world.app.ctx.db
    .insert(learnings)
    .values({ teamId: c.world.teamA.id, problemId, summary: 'Fixture learning' })
    .returning({ id: learnings.id });
  return row.id;
}
async function insertQuestion(c: FixtureContext) {
  const problemId = await insertProblem(c);
  const [row] = await c.world.app.ctx.db
    .insert(learningQuestions)
    .values({ teamId: c.world.teamA.id, problemId, text: 'Fixture question?' })
    .returning({ id: learningQuestions.id });
  return row.id;
}

const learningBody = () => ({
  summary: 'Learned by the matrix',
  confidence: 'medium',
  status: 'open',
  evidence: [{ label: 'A figure', url: '/projects' }],
});

export const learningsSecurity: DomainSecurity = {
  expectations: {
    'learnings.store': { access: 'team:content.create' },
    'learnings.update': { access: 'team:content.update' },
    'learnings.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the learning named in the URL',
    },
    'learning-questions.store': { access: 'team:content.create' },
    'learning-questions.update': { access: 'team:content.update' },
    'learning-questions.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the learning question named in the URL',
    },
  },
  bodies: {
    'learnings.store': learningBody,
    'learnings.update': learningBody,
    'learning-questions.store': () => ({ text: 'Asked by the matrix?' }),
    'learning-questions.update': () => ({ text: 'Edited by the matrix?' }),
  },
  routeParamFixtures: {
    'learnings.update': { learning: insertLearning },
    'learnings.destroy': { learning: insertLearning },
    'learning-questions.update': { learningQuestion: insertQuestion },
    'learning-questions.destroy': { learningQuestion: insertQuestion },
  },
};
