import type { DomainSecurity } from './index.js';

/** Insights (read only): the project page and the IPTT exports of a problem or a project. */
export const insightsSecurity: DomainSecurity = {
  expectations: {
    'insights.show': { access: 'team:content.view' },
    'insights.problem-iptt-xlsx': { access: 'team:content.view' },
    'insights.problem-iptt-pdf': { access: 'team:content.view' },
    'insights.project-iptt-xlsx': { access: 'team:content.view' },
    'insights.project-iptt-pdf': { access: 'team:content.view' },
  },
};
