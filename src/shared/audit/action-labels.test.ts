import { describe, expect, it } from 'vitest';
import { actionLabel } from './action-labels';

describe('actionLabel', () => {
  it('uses the known label', () => {
    expect(actionLabel('auth.login')).toBe('Signed in');
    expect(actionLabel('api_token.created')).toBe('Created an API token');
  });
  it('spells out unknown actions', () => {
    expect(actionLabel('survey.response_imported')).toBe('Survey response imported');
    expect(actionLabel('...')).toBe('Activity');
  });
});
