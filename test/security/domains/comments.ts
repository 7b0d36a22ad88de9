import type { DomainSecurity } from './index.js';
import { insertProject } from './rows.js';

export const commentsSecurity: DomainSecurity = {
  expectations: {
    // JSON endpoints of the thread component; every role may comment
    'comments.index': { access: 'team:content.view' },
    'comments.store': {
      access: 'team:comment.create',
      overrides: {
        reason:
          'the body names a subject of team A: the outsider (acting in team B) is told it does not exist',
        outsider: 'not-found',
      },
    },
    'comments.update': { access: 'team:comment.create' },
    'comments.destroy': {
      access: 'team:comment.create',
      noBody: 'deletes the comment named in the URL',
    },
  },
  bodies: {
    'comments.store': async (c) => ({
      subjectType: 'project',
      subjectId: await insertProject(c, 'Commented project'),
      body: 'A comment from the matrix',
    }),
    'comments.update': () => ({ body: 'Edited by the matrix' }),
  },
};
