import type { DomainSecurity } from './index.js';

/** The import route looks the project up before reading its body, so JSON bodies still reach the 404 for an outsider. */
export const logframeSecurity: DomainSecurity = {
  expectations: {
    'logframe.export': { access: 'team:content.view' },
    'logframe.import': { access: 'team:content.create' },
  },
};
