import type { DomainSecurity } from './index.js';
import { insertLibraryItem, insertProblem, insertProject } from './rows.js';

export const librariesSecurity: DomainSecurity = {
  expectations: {
    'libraries.index': { access: 'team:content.view' },
    'libraries.show': { access: 'team:content.view' },
    'libraries.copy': { access: 'team:content.create' },
    'libraries.copy-strategy': { access: 'team:content.create' },
    'libraries.save': { access: 'team:content.create' },
    'libraries.destroy': {
      access: 'team:content.delete',
      noBody: 'deletes the team library item named in the URL',
    },
    'api.library.index': { access: 'api:read:content.view' },
    'api.library.show': { access: 'api:read:content.view' },
    'api.library.copy': { access: 'api:create:content.create' },
  },
  routeParamFixtures: {
    'libraries.copy-strategy': { libraryItem: (c) => insertLibraryItem(c, 'strategy') },
  },
  bodies: {
    'libraries.copy': async (c) => ({ projectId: await insertProject(c, 'Copy target') }),
    'api.library.copy': async (c) => ({ projectId: await insertProject(c, 'Copy target') }),
    'libraries.copy-strategy': async (c) => ({ problemId: await insertProblem(c) }),
    'libraries.save': () => ({ kind: 'problem', sector: 'education' }),
  },
};
