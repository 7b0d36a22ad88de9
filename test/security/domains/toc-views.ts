import type { DomainSecurity } from './index.js';

/** Theory of change views (diagram, table full view) and the playground search: read only. */
export const tocViewsSecurity: DomainSecurity = {
  expectations: {
    'problems.diagram': { access: 'team:content.view' },
    'problems.table': { access: 'team:content.view' },
    playground: { access: 'team:content.view' },
    'playground.search': { access: 'team:content.view' },
  },
};
