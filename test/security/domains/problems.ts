import type { DomainSecurity } from './index.js';
import type { FixtureContext } from '../route-fixtures.js';
import { insertElement, insertProblem, insertProject } from './rows.js';

/** A problem with an activity and an output (not linked yet): the URL of links.store / elements.reorder, its ids the body. */
let linkable: { activityId: string; outputId: string; problemId: string } | null = null;
async function linkableProblem(c: FixtureContext) {
  const problemId = await insertProblem(c);
  linkable = {
    problemId,
    activityId: await insertElement(c, problemId, 'activity'),
    outputId: await insertElement(c, problemId, 'output'),
  };
  return problemId;
}

const bodyNamesTeamA = (what: string) => ({
  reason: `the body names a team A ${what}: another team's token gets 404`,
  'token-outsider': 'not-found' as const,
});

export const problemsSecurity: DomainSecurity = {
  expectations: {
    'problems.create': { access: 'team:content.create' },
    'problems.store': { access: 'team:content.create' },
    'problems.show': { access: 'team:content.view' },
    'problems.edit': { access: 'team:content.update' },
    'problems.update': { access: 'team:content.update' },
    'problems.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the problem named in the URL',
    },
    'elements.store': { access: 'team:content.create' },
    'elements.show': { access: 'team:content.view' },
    'elements.update': { access: 'team:content.update' },
    'elements.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the element named in the URL',
    },
    'elements.reorder': { access: 'team:content.update' },
    'links.store': { access: 'team:content.create' },
    'links.update': { access: 'team:content.update' },
    'links.destroy': { access: 'team:content.delete', noBody: 'removes the link named in the URL' },
    'api.problems.index': { access: 'api:read:content.view' },
    'api.problems.show': { access: 'api:read:content.view' },
    'api.problems.store': {
      access: 'api:create:content.create',
      overrides: bodyNamesTeamA('project'),
    },
    'api.problems.update': { access: 'api:update:content.update' },
    'api.problems.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the problem named in the URL',
    },
    'api.elements.index': { access: 'api:read:content.view' },
    'api.elements.show': { access: 'api:read:content.view' },
    'api.elements.store': {
      access: 'api:create:content.create',
      overrides: bodyNamesTeamA('problem'),
    },
    'api.elements.update': { access: 'api:update:content.update' },
    'api.elements.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the element named in the URL',
    },
    'api.links.index': { access: 'api:read:content.view' },
    'api.links.store': {
      access: 'api:create:content.create',
      overrides: bodyNamesTeamA('problem'),
    },
    'api.links.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'removes the link named in the URL',
    },
  },
  routeParamFixtures: {
    'links.store': { problem: linkableProblem },
    'elements.reorder': { problem: linkableProblem },
  },
  bodies: {
    'problems.store': () => ({ title: 'Matrix problem', status: 'draft' }),
    'problems.update': () => ({ title: 'Renamed by the matrix' }),
    'elements.store': () => ({ kind: 'activity', title: 'Matrix activity' }),
    'elements.update': () => ({ title: 'Renamed by the matrix' }),
    // the ids of the problem the URL names (its fixture ran just before)
    'elements.reorder': () => ({ kind: 'activity', ids: [linkable!.activityId] }),
    'links.store': () => ({ fromId: linkable!.activityId, toId: linkable!.outputId }),
    'links.update': () => ({ assumptions: 'Checked by the matrix' }),
    'api.problems.store': async (c) => ({
      projectId: await insertProject(c, 'API project'),
      title: 'API matrix problem',
    }),
    'api.problems.update': () => ({ title: 'Renamed through the API' }),
    'api.elements.store': async (c) => ({
      problemId: await insertProblem(c),
      kind: 'outcome',
      horizon: 'short',
      title: 'API matrix outcome',
    }),
    'api.elements.update': () => ({ title: 'Renamed through the API' }),
    'api.links.store': async (c) => {
      const problemId = await linkableProblem(c);
      return { problemId, fromId: linkable!.activityId, toId: linkable!.outputId };
    },
  },
};
