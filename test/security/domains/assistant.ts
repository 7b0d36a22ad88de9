import { assistantConversations } from '../../../src/server/modules/assistant/assistant.tables.js';
import type { FixtureContext } from '../route-fixtures.js';
import type { DomainSecurity } from './index.js';

/**
 * Chanakya: conversations are the acting user's own in team A (another member's, or another
 * team's, answer 404 like any record outside the actor's reach).
 */
async function insertConversation(c: FixtureContext) {
  const [row] = await c.world.app.ctx.db
    .insert(assistantConversations)
    .values({ teamId: c.world.teamA.id, userId: c.self.id, title: 'Matrix conversation' })
    .returning({ id: assistantConversations.id });
  return row.id;
}

export const assistantSecurity: DomainSecurity = {
  expectations: {
    'chanakya.index': { access: 'team:content.view' },
    'chanakya.show': { access: 'team:content.view' },
    'chanakya.ask': {
      access: 'team:content.view',
      overrides: {
        reason:
          'the body names a conversation of team A: an outsider (a member of another team) may ask in its own team, but that conversation answers 404',
        outsider: 'not-found',
      },
    },
    'chanakya.problem': { access: 'team:content.view' },
    'chanakya.destroy': {
      access: 'team:content.view',
      noBody: 'deletes the conversation named in the URL',
    },
  },
  bodies: {
    'chanakya.ask': async (c) => ({
      question: 'Which outcomes have no metric?',
      conversationId: await insertConversation(c),
    }),
  },
  routeParamFixtures: {
    'chanakya.show': { conversation: insertConversation },
    'chanakya.destroy': { conversation: insertConversation },
  },
};
