import { describe, expect, it } from 'vitest';
import { layoutKind } from './choose';

describe('layoutKind', () => {
  it('chooses the layout by page-name prefix', () => {
    expect(layoutKind('auth/login')).toBe('guest');
    expect(layoutKind('welcome')).toBe('public');
    expect(layoutKind('errors/show')).toBe('error');
    expect(layoutKind('legal/terms')).toBe('public');
    expect(layoutKind('dashboard')).toBe('app');
    expect(layoutKind('projects/show')).toBe('app');
    expect(layoutKind('projects/index')).toBe('app');
    expect(layoutKind('problems/full-view')).toBe('app');
  });
});
