import type { DomainSecurity } from './index.js';
import { MATRIX_PROJECT } from './rows.js';

export const projectsSecurity: DomainSecurity = {
  expectations: {
    'projects.index': { access: 'team:content.view' },
    'projects.create': { access: 'team:content.create' },
    'projects.store': { access: 'team:content.create' },
    'projects.show': { access: 'team:content.view' },
    'projects.edit': { access: 'team:content.update' },
    'projects.update': { access: 'team:content.update' },
    'projects.archive': {
      access: 'team:content.update',
      noBody: 'archives the project named in the URL',
    },
    'projects.restore': {
      access: 'team:content.update',
      noBody: 'restores the project named in the URL',
    },
    'projects.destroy': { access: 'team:content.delete' },
    'api.projects.index': { access: 'api:read:content.view' },
    'api.projects.show': { access: 'api:read:content.view' },
    'api.projects.store': { access: 'api:create:content.create' },
    'api.projects.update': { access: 'api:update:content.update' },
    'api.projects.destroy': {
      access: 'api:delete:content.delete',
      noBody: 'deletes the project named in the URL',
    },
  },
  bodies: {
    'projects.store': () => ({
      name: MATRIX_PROJECT,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    }),
    'projects.update': () => ({ name: MATRIX_PROJECT, description: 'Edited by the matrix' }),
    'projects.destroy': () => ({ confirm: MATRIX_PROJECT }),
    'api.projects.store': () => ({ name: MATRIX_PROJECT }),
    'api.projects.update': () => ({ description: 'Patched by the matrix' }),
  },
};
