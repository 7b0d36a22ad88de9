import { describe, expect, it } from 'vitest';
import { createApiTokenSchema, TOKEN_NAME_MAX } from '@shared/api-tokens/api-tokens.schemas';
import { projectSchema, PROJECT_DESCRIPTION_MAX } from '@shared/projects/projects.schemas';
import { updateProfileInformationSchema } from '@shared/profile/profile.schemas';
import { createMetricSchema } from '@shared/metrics/metrics.schemas';
import { limitsOf, overLimitMessage } from './field-limits';
import { clientErrors } from './form-check';

describe('limitsOf (the client reads its limits from the shared schemas)', () => {
  it('reads length limits and required through trim, optional, nullish, pipes and transforms', () => {
    expect(limitsOf(createApiTokenSchema.shape.name)).toEqual({
      required: true,
      minLength: 1,
      maxLength: TOKEN_NAME_MAX,
    });
    expect(limitsOf(projectSchema.shape.description)).toMatchObject({
      required: false,
      maxLength: PROJECT_DESCRIPTION_MAX,
    });
    expect(limitsOf(updateProfileInformationSchema.shape.email)).toMatchObject({
      required: true,
      maxLength: 255,
    });
    expect(limitsOf(createMetricSchema.shape.formula).maxLength).toBe(500);
  });
});

describe('overLimitMessage (pasted text is kept and the field says by how much it is over)', () => {
  it('is silent up to the limit and counts the excess past it', () => {
    expect(overLimitMessage('x'.repeat(100), 100)).toBeUndefined();
    expect(overLimitMessage('x'.repeat(101), 100)).toBe('1 character over the limit of 100.');
    expect(overLimitMessage('x'.repeat(150), 100)).toBe('50 characters over the limit of 100.');
    expect(overLimitMessage('anything', undefined)).toBeUndefined();
  });
});

describe('clientErrors (the check before sending uses the schema’s own messages)', () => {
  it('reports an empty required field and a value past its limit, keyed like the server’s errors', () => {
    expect(clientErrors(createApiTokenSchema, { name: '', abilities: ['read'] })).toEqual({
      name: 'Give the token a name.',
    });
    expect(
      clientErrors(createApiTokenSchema, { name: 'n'.repeat(TOKEN_NAME_MAX + 1), abilities: [] }),
    ).toEqual({
      name: `The name may be at most ${TOKEN_NAME_MAX} characters.`,
      abilities: 'Choose at least one ability.',
    });
    expect(
      clientErrors(createApiTokenSchema, { name: 'Nightly export', abilities: ['read'] }),
    ).toEqual({});
  });
});
