import { describe, expect, it } from 'vitest';
import { registerSchema } from '@shared/accounts/accounts.schemas';
import { copyLibraryStrategySchema } from '@shared/libraries/libraries.schemas';
import { createDataPointSchema, createValueSchema } from '@shared/metrics/metrics.schemas';
import { createProblemSchema } from '@shared/problems/problems.schemas';
import { twoFactorChallengeSchema } from '@shared/profile/two-factor.schemas';
import { transferOwnershipSchema } from '@shared/teams/members.schemas';
import { clientErrors, passesCheck, stateForm } from './form-check';

/** Issue 8 item 18: every form checks what the user left empty with the schema it posts to. */
describe('clientErrors: a field left empty gets the schema’s own message', () => {
  it('an unchosen option, an empty number, an empty code and an unticked box', () => {
    expect(clientErrors(copyLibraryStrategySchema, { problemId: '' })).toEqual({
      problemId: 'Choose a problem.',
    });
    expect(
      clientErrors(createValueSchema, { dataPointId: '', period: '', value: '', note: '' }),
    ).toEqual({
      dataPointId: 'Choose a data point.',
      period: 'Choose a period.',
      value: 'The value must be a number.',
    });
    expect(clientErrors(twoFactorChallengeSchema, { code: '' })).toEqual({
      code: 'The code is the 6 digits shown in your authenticator app.',
    });
    expect(clientErrors(twoFactorChallengeSchema, { recoveryCode: '' })).toEqual({
      recoveryCode: 'Please enter one of your recovery codes.',
    });
    expect(clientErrors(transferOwnershipSchema, { userId: '' })).toEqual({
      userId: 'Choose the new owner.',
    });
    expect(
      clientErrors(registerSchema, {
        name: 'Ada',
        email: 'ada@example.org',
        password: 'a long enough password',
        password_confirmation: 'a long enough password',
        terms: false,
      }),
    ).toEqual({ terms: 'Please accept the terms of service and the privacy policy.' });
    expect(
      clientErrors(createDataPointSchema, { key: '', name: '', measurement: 'manual' }),
    ).toEqual({ key: 'Give the data point a key.', name: 'Give the data point a name.' });
  });

  it('leaves what was typed to the server (format and type of a filled field), and passes a valid form', () => {
    expect(clientErrors(createValueSchema, { value: 'twelve' })).toEqual({});
    expect(clientErrors(copyLibraryStrategySchema, { problemId: 'not-a-uuid' })).toEqual({});
    // optional fields left empty are fine: a problem needs only its title
    expect(
      clientErrors(createProblemSchema, {
        title: 'Girls leave school early',
        statement: '',
        rootCauses: '',
        populationWho: '',
        populationCount: '',
        geography: '',
        evidence: '',
        status: 'draft',
      }),
    ).toEqual({});
  });
});

describe('passesCheck on a form kept in React state', () => {
  it('puts the messages on the fields, clears them once the form is fine', () => {
    let errors: Record<string, string> = { stale: 'x' };
    const set = (e: Record<string, string>) => (errors = e);
    expect(passesCheck(stateForm({ problemId: '' }, set), copyLibraryStrategySchema)).toBe(false);
    expect(errors).toEqual({ problemId: 'Choose a problem.' });
    const id = '0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
    expect(passesCheck(stateForm({ problemId: id }, set), copyLibraryStrategySchema)).toBe(true);
    expect(errors).toEqual({});
  });
});
