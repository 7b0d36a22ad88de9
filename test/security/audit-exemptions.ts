import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createEmailVerificationToken } from 'better-auth/api';
import {
  dataPoints,
  metricValues,
  surveyQuestions,
} from '../../src/server/modules/metrics/metrics.tables.js';
import {
  formResponses,
  formVersions,
  forms,
  stakeholders,
} from '../../src/server/modules/forms/forms.tables.js';
import { FIXTURE_QUESTIONS, insertForm, insertTestLink } from './domains/forms.js';
import { intelligentColumns } from '../../src/server/modules/coding/coding.tables.js';
import { insertMetric, insertProblem } from './domains/rows.js';
import type { FixtureContext } from './route-fixtures.js';
import { templateToWorkbook } from '../../src/server/modules/logframe/logframe-writer.js';
import { multipartFile, SAMPLE } from '../../src/server/modules/logframe/test-support.js';
import {
  FULL_XLSFORM,
  xlsformBuffer,
} from '../../src/server/modules/forms/xlsform.test-support.js';
import { freshIp, RotatingIpClient, signedIn, type WorldUser } from './world.js';
import { createUser, signIn, TEST_PASSWORD, uniqueEmail } from '../helpers/auth.js';
import { TEST_APP_KEY } from '../helpers/app.js';
import {
  authenticator,
  confirmPasswordNow,
  enableTwoFactor,
  startTwoFactorSignIn,
} from '../helpers/two-factor.js';
import { projects } from '../../src/server/modules/projects/read-model.js';
import { solidPng } from '../helpers/png.js';
import {
  beginTwoFactorSetup,
  setupDetails,
} from '../../src/server/modules/two-factor/two-factor.store.js';
import {
  teamInvitations,
  teamMembers,
  teams,
  twoFactors,
  users,
  verifications,
} from '../../src/server/platform/auth/auth.tables.js';

/**
 * Writes that deliberately leave no audit row, each with its reason. Keep this list short: a
 * route here is still walked by the audit test (it must succeed with a valid request), only the
 * audit row is not required. Everything else, guest writes included (sign-in, registration,
 * password reset, email verification, the two-factor challenge), must audit inside its
 * transaction.
 */
export const NOT_AUDITED: Record<string, string> = {
  'community.threads.follow':
    'following a thread is the member’s own reading preference (who is told about new responses), not a change to anyone’s work',
  'community.threads.react':
    'a reaction is the member’s own mark on a thread, shown with its count; it changes no post',
  'community.posts.react':
    'a reaction is the member’s own mark on a post, shown with its count; it changes no post',
  'notifications.read':
    'marks one of the member’s own notifications read: personal reading state, not a change to the team’s work',
  'notifications.read-all':
    'marks the member’s own notifications read: personal reading state, not a change to the team’s work',
  'broadcasting.auth': 'signs a live-channel subscription for this browser; it writes nothing',
  'verification.send':
    'sends the verification mail again; it changes no record of the team or the account',
  'public-forms.submit':
    'a public form response is the respondent’s own data, stored with its time, form version and link; the audit log records what team members do (it would grow by one row per response), and reviewing, deleting or restoring a response is audited',
  'public-forms.test.submit':
    'a test response sent through a draft’s test link is test data kept apart from the responses (deleted in one audited action or on publish); the audit log records what team members do',
  'public-forms.files.store':
    'a respondent’s upload for a file question is part of their response (attached to it on submit, pruned after a day if never sent); the audit log records what team members do',
  'forms.xlsform.check':
    'checks an uploaded XLSForm and shows its import report; it writes nothing (creating the form from it is forms.xlsform.store, audited)',
  'responses.exports.store':
    'a small export writes nothing: it answers the address of the streamed download (a read, like GET responses.export); past the job threshold it starts a job, audited as responses.export_requested (responses-export.int.test.ts)',
  'password.email':
    'asks for a reset link (the token and its mail commit together): no account changes until the link is used, and the answer is the same for unknown addresses',
};

/**
 * Write routes the walk skips, each with its reason: a write not on the one write path, or one
 * the walk cannot send yet. Better Auth's own writes (API keys, password change, two-factor on,
 * and the guest writes: sign-in, registration, reset, verification, the two-factor challenge)
 * are on the path: they join the use case's transaction (`withAuthWritesIn`, platform/auth).
 */
export const NOT_YET_ON_THE_WRITE_PATH: Record<string, string> = {};

export const notAuditedReason = (routeName: string): string | undefined => NOT_AUDITED[routeName];

/**
 * Routes the walk sends as someone other than team A's owner, because as the owner a valid
 * request cannot succeed (or would break the cast every other route needs).
 */
export const ACTING_AS: Record<string, (c: FixtureContext) => Promise<WorldUser>> = {
  // the owner of team A (which has members) may not delete their account: a viewer of team A
  // whose personal team is gone may (deleting it leaves team A; nothing else is audited on the
  // way, so only the deletion's own audit row can be refused)
  'current-user.destroy': async ({ world }) => {
    const user = await createUser(world.app, { name: 'Leaving user' });
    const db = world.app.ctx.db;
    await db.delete(teams).where(eq(teams.ownerId, user.id));
    await db.insert(teamMembers).values({
      id: randomUUID(),
      organizationId: world.teamA.id,
      userId: user.id,
      role: 'viewer',
    });
    await db.update(users).set({ currentTeamId: world.teamA.id }).where(eq(users.id, user.id));
    return signedIn(world.app, user);
  },
  // signing out ends a session: not one of the cast's
  logout: async ({ world }) =>
    signedIn(world.app, await createUser(world.app, { name: 'Signing out' })),
  // signing out the user's other browsers: a user of their own, signed in twice
  'other-browser-sessions.destroy': async ({ world }) => {
    const user = await createUser(world.app, { name: 'Two browsers' });
    await signIn(world.app, user);
    return signedIn(world.app, user);
  },
  // both end every other session of the user (the cast's sessions must stay): a user of their own
  'user-password.update': async ({ world }) =>
    signedIn(world.app, await createUser(world.app, { name: 'Password changer' })),
  'two-factor.confirm': async ({ world }) => {
    const user = await signedIn(
      world.app,
      await createUser(world.app, { name: 'Two-factor user' }),
    );
    await confirmPasswordNow(world.app, user.id);
    return user;
  },
};

/** Routes that take an upload: the walk sends this multipart body (and its content type). */
export const MULTIPART_BODIES: Record<
  string,
  (c: FixtureContext) => Promise<{ payload: Buffer; headers: Record<string, string> }>
> = {
  // a small valid logframe workbook, as the logframe tests build it
  'logframe.import': async () =>
    multipartFile(Buffer.from(await templateToWorkbook(SAMPLE).xlsx.writeBuffer())),
  // an XLSForm of every supported type and column, made with exceljs
  'forms.xlsform.check': async () => multipartFile(await xlsformBuffer(FULL_XLSFORM)),
  'forms.xlsform.store': async () => multipartFile(await xlsformBuffer(FULL_XLSFORM)),
  // a small CSV
  'sources.upload': async () =>
    multipartFile(Buffer.from('name,age\nAnna,34\n'), { filename: 'people.csv', type: 'text/csv' }),
  // a small real PNG (the fixture response's version asks a `photo` file question)
  'responses.files.store': async () =>
    multipartFile(solidPng(4, 4), { filename: 'pump.png', type: 'image/png' }),
  // a small real PNG
  'community.images.store': async () =>
    multipartFile(solidPng(8, 8), { filename: 'pump.png', type: 'image/png' }),
};

/**
 * Valid bodies for routes whose authorization-matrix body is deliberately not valid for team A
 * (the matrix wants the handler to reach the lookup, not to succeed). `params` are the URL's.
 */
export const VALID_BODIES: Record<
  string,
  (c: FixtureContext, params: Record<string, string>) => Promise<Record<string, unknown>>
> = {
  'teams.store': async () => ({ name: 'Walked team' }),
  // restoring is a change only for an archived project
  'projects.restore': async ({ world }, { project }) => {
    await world.app.ctx.db
      .update(projects)
      .set({ status: 'archived' })
      .where(eq(projects.id, project));
    return {};
  },
  'current-team.update': async ({ world }) => ({ teamId: world.teamA.id }),
  'password.confirm.store': async ({ self }) => ({ password: self.password }),
  'other-browser-sessions.destroy': async ({ self }) => ({ password: self.password }),
  'current-user.destroy': async ({ self }) => ({ password: self.password }),
  'user-password.update': async ({ self }) => ({
    currentPassword: self.password,
    password: `${self.password}-new`,
    passwordConfirmation: `${self.password}-new`,
  }),
  'user-profile-information.update': async ({ self }) => ({
    name: 'Walked Name',
    email: self.email,
  }),
  'api-tokens.store': async () => ({ name: 'Walked token', abilities: ['read'] }),
  // the fixture token has ['read']: ask for a real change
  'api-tokens.update': async () => ({ abilities: ['read', 'create'] }),
  // regenerating needs two-factor on: turn it on straight in the tables (the routes are walked elsewhere)
  'two-factor.regenerate-recovery-codes': async ({ world, self }) => {
    await beginTwoFactorSetup(world.app.ctx.auth, world.app.ctx.db, self.id);
    await world.app.ctx.db
      .update(twoFactors)
      .set({ verified: true })
      .where(eq(twoFactors.userId, self.id));
    await world.app.ctx.db
      .update(users)
      .set({ twoFactorEnabled: true })
      .where(eq(users.id, self.id));
    return {};
  },
  // confirming needs a set-up waiting for the current code of its authenticator app
  'two-factor.confirm': async ({ world, self }) => {
    await beginTwoFactorSetup(world.app.ctx.auth, world.app.ctx.db, self.id);
    const setup = await setupDetails(world.app.ctx.auth, world.app.ctx.db, self, 'Pathways');
    return { code: await authenticator(setup!.setupKey).code() };
  },
  // cancelling a set-up is a change: start one first
  'two-factor.disable': async ({ world, self }) => {
    await beginTwoFactorSetup(world.app.ctx.auth, world.app.ctx.db, self.id);
    return {};
  },
  'broadcasting.auth': async ({ world }) => ({
    socket_id: '1234.5678',
    channel_name: `private-team.${world.teamA.id}`,
  }),
  // a survey question under a data point of the form's own project
  'forms.questions.from-toc': async (c, { form }) => {
    const db = c.world.app.ctx.db;
    const [f] = await db
      .select({ projectId: forms.projectId })
      .from(forms)
      .where(eq(forms.id, form));
    const problemId = await insertProblem(c, f.projectId);
    const { dataPointId } = await insertMetric(c);
    const [sq] = await db
      .insert(surveyQuestions)
      .values({
        teamId: c.world.teamA.id,
        problemId,
        dataPointId,
        text: 'How many meals a day?',
        answerType: 'integer',
      })
      .returning({ id: surveyQuestions.id });
    return { surveyQuestionId: sq.id };
  },
  // the stakeholder-linked survey of the stakeholder's project, for a wave without a link yet
  'stakeholders.links.store': async ({ world }, { stakeholder }) => {
    const db = world.app.ctx.db;
    const [s] = await db
      .select({ projectId: stakeholders.projectId })
      .from(stakeholders)
      .where(eq(stakeholders.id, stakeholder));
    const [f] = await db
      .select({ id: forms.id })
      .from(forms)
      .where(eq(forms.projectId, s.projectId));
    return { formId: f.id, wave: 'endline' };
  },
  // the column's form has one response: the whole verification sample
  'intelligent-columns.verify': async ({ world }, { column }) => {
    const db = world.app.ctx.db;
    const [r] = await db
      .select({ id: formResponses.id })
      .from(formResponses)
      .innerJoin(intelligentColumns, eq(intelligentColumns.formId, formResponses.formId))
      .where(eq(intelligentColumns.id, column));
    return { responseId: r.id, codes: ['distance'] };
  },
  // the rubric column's form has one response: the whole sample
  'intelligent-columns.rubric-verify': async ({ world }, { column }) => {
    const [r] = await world.app.ctx.db
      .select({ id: formResponses.id })
      .from(formResponses)
      .innerJoin(intelligentColumns, eq(intelligentColumns.formId, formResponses.formId))
      .where(eq(intelligentColumns.id, column));
    return { responseId: r.id, level: 1 };
  },
  // restoring is a change only for a deleted response
  'responses.restore': async ({ world }, { formResponse }) => {
    await world.app.ctx.db
      .update(formResponses)
      .set({ deletedAt: new Date() })
      .where(eq(formResponses.id, formResponse));
    return {};
  },
  'metric-values.store': async ({ world }, { metric }) => {
    const [dp] = await world.app.ctx.db
      .select({ id: dataPoints.id })
      .from(dataPoints)
      .where(eq(dataPoints.metricId, metric));
    return { dataPointId: dp.id, period: '2026-Q2', value: 4 };
  },
  'metric-values.update': async ({ world }, { metricValue }) => {
    const [v] = await world.app.ctx.db
      .select({ dataPointId: metricValues.dataPointId })
      .from(metricValues)
      .where(eq(metricValues.id, metricValue));
    return { dataPointId: v.dataPointId, period: '2026-Q3', value: 5 };
  },
};

/** A guest write the walk sends: made fresh for each send (a new user, a new token, a new IP). */
export type GuestRequest = () => Promise<LightMyRequestResponse>;

/**
 * Guest writes (signing in, registering, resetting a password, verifying an address, the
 * two-factor challenge): each entry makes what its valid request needs (a fresh user or token,
 * a client whose every request comes from a new IP, so the per-IP limits never interfere) and
 * returns the request. Write routes reached by a GET link are named in `GUEST_WRITE_LINKS`.
 */
export const GUEST_REQUESTS: Record<string, (app: FastifyInstance) => Promise<GuestRequest>> = {
  login: async (app) => {
    const user = await createUser(app, { name: 'Signing in' });
    const client = new RotatingIpClient(app);
    return () => client.post('/login', { email: user.email, password: user.password });
  },
  register: async (app) => {
    const client = new RotatingIpClient(app);
    const email = uniqueEmail('walked');
    return () =>
      client.post('/register', {
        name: 'Walked registrant',
        email,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        terms: true,
      });
  },
  'password.email': async (app) => {
    const user = await createUser(app, { name: 'Forgetful' });
    const client = new RotatingIpClient(app);
    return () => client.post('/forgot-password', { email: user.email });
  },
  'password.update': async (app) => {
    const user = await createUser(app, { name: 'Resetting' });
    await app.ctx.auth.api.requestPasswordReset({ body: { email: user.email } });
    const [v] = await app.ctx.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(
        and(eq(verifications.value, user.id), like(verifications.identifier, 'reset-password:%')),
      );
    const client = new RotatingIpClient(app);
    return () =>
      client.post('/reset-password', {
        token: v.identifier.slice('reset-password:'.length),
        email: user.email,
        password: `${TEST_PASSWORD}-reset`,
        password_confirmation: `${TEST_PASSWORD}-reset`,
      });
  },
  // a user with two-factor on, past the password step: a recovery code finishes the sign-in
  'two-factor.login.store': async (app) => {
    const user = await createUser(app, { name: 'Second factor' });
    const { recoveryCodes } = await enableTwoFactor(app, await signIn(app, user), user.id);
    const client = await startTwoFactorSignIn(app, user, { ip: freshIp() });
    return () => client.post('/two-factor-challenge', { recoveryCode: recoveryCodes[0] });
  },
  // the link from the mail, in the browser that registered (it signs that browser in)
  'verification.verify': async (app) => {
    const client = new RotatingIpClient(app);
    const email = uniqueEmail('verifying');
    const registered = await client.post('/register', {
      name: 'Verifying',
      email,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
      terms: true,
    });
    if (registered.statusCode !== 303)
      throw new Error(`registration failed: ${registered.statusCode}`);
    const token = await createEmailVerificationToken(TEST_APP_KEY, email);
    return () => client.get(`/verify-email/${token}`);
  },
  // the invitation link, opened by the invited person signed in with the invited address: they join
  'team-invitations.accept': async (app) => {
    const owner = await createUser(app, { name: 'Inviting owner' });
    const teamId = randomUUID();
    await app.ctx.db.insert(teams).values({
      id: teamId,
      name: 'Walked invitations',
      slug: `t-${teamId}`,
      personal: false,
      ownerId: owner.id,
    });
    await app.ctx.db
      .insert(teamMembers)
      .values({ id: randomUUID(), organizationId: teamId, userId: owner.id, role: 'owner' });
    const invitee = await createUser(app, { name: 'Invited' });
    const invitationId = randomUUID();
    await app.ctx.db.insert(teamInvitations).values({
      id: invitationId,
      organizationId: teamId,
      email: invitee.email,
      role: 'editor',
      status: 'pending',
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      inviterId: owner.id,
    });
    const client = await signIn(app, invitee);
    return () => client.get(`/team-invitations/${invitationId}`);
  },
};

/** Public form submissions: a published anonymous survey's open link, a new device id each time. */
GUEST_REQUESTS['public-forms.submit'] = async (app) => {
  const owner = await createUser(app, { name: 'Form owner' });
  const [team] = await app.ctx.db
    .select({ id: teamMembers.organizationId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, owner.id));
  const { open } = await insertForm(
    { world: { app, teamA: { id: team.id } } as never, self: owner },
    { anonymous: true },
  );
  const client = new RotatingIpClient(app);
  return () =>
    client.post(`/f/${open.token}`, { id: randomUUID(), version: 1, answers: { name: 'Walked' } });
};

/** Test submissions: the fixture survey's draft test link, a new device id each time. */
GUEST_REQUESTS['public-forms.test.submit'] = async (app) => {
  const owner = await createUser(app, { name: 'Form owner' });
  const [team] = await app.ctx.db
    .select({ id: teamMembers.organizationId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, owner.id));
  const { token } = await insertTestLink({
    world: { app, teamA: { id: team.id } } as never,
    self: owner,
  });
  const client = new RotatingIpClient(app);
  return () =>
    client.post(`/f/test/${token}`, { id: randomUUID(), version: 0, answers: { name: 'Walked' } });
};

/** A respondent's upload: a photo question added to the fixture survey's version 1, a real PNG. */
GUEST_REQUESTS['public-forms.files.store'] = async (app) => {
  const owner = await createUser(app, { name: 'Form owner' });
  const [team] = await app.ctx.db
    .select({ id: teamMembers.organizationId })
    .from(teamMembers)
    .where(eq(teamMembers.userId, owner.id));
  const { open, form } = await insertForm(
    { world: { app, teamA: { id: team.id } } as never, self: owner },
    { anonymous: true },
  );
  await app.ctx.db
    .update(formVersions)
    .set({
      questions: [...FIXTURE_QUESTIONS, { ...FIXTURE_QUESTIONS[0], key: 'photo', type: 'file' }],
    })
    .where(eq(formVersions.formId, form.id));
  const client = new RotatingIpClient(app, { inertia: false });
  return () => {
    const { payload, headers } = multipartFile(solidPng(4, 4), {
      filename: 'pump.png',
      type: 'image/png',
    });
    return client.request('POST', `/f/${open.token}/files?question=photo&version=1`, payload, {
      ...headers,
      accept: 'application/json',
    });
  };
};

/** Guest (or public) routes that write on a GET: the link in a mail. */
export const GUEST_WRITE_LINKS = ['verification.verify', 'team-invitations.accept'];
