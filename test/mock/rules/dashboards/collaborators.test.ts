/** API.md §5 rows 3–5 and the collaborator rules, in their order. */
import { describe, expect, it } from 'vitest';
import { details } from '../../../../src/contract/errors.ts';
import { collaboratorListSchema, collaboratorSchema } from '../../../../src/contract/dashboard-sharing.ts';
import {
  admin,
  collaboratorKeys,
  expectError,
  expectKeys,
  expectValidation,
  isoUtc,
  member,
  parseWith,
  readonly,
  seedIds,
  setupMockApi,
  userKeys,
} from '../../helpers.ts';

const api = setupMockApi();
const { projects: P, dashboards: D, users: U } = seedIds;
const collaboratorsPath = (id: number) => `/api/projects/${P.app}/dashboards/${id}/collaborators/`;
const uuidOf = (userId: number) => api.store().user(userId)!.uuid;
const unknownUuid = '4b0c4a8e-6d3f-4e21-9a57-0c1d2e3f4a5b';

describe('GET collaborators/', () => {
  it('answers a plain array, oldest first, with the listed keys', async () => {
    const result = await readonly.get(collaboratorsPath(D.pricingExperiment));
    expect(result.status).toBe(200);
    expect(Array.isArray(result.body)).toBe(true);
    const collaborators = parseWith(collaboratorListSchema, result.body);
    expect(collaborators.map((c) => c.user.id)).toEqual([U.tomas, U.mei]);
    for (const item of result.body) {
      expectKeys(item, collaboratorKeys);
      expectKeys(item.user, userKeys);
      expect(item).toMatchObject({ dashboard_id: D.pricingExperiment, level: 37 });
      expect(item.added_at).toMatch(isoUtc);
      expect(item.updated_at).toMatch(isoUtc);
    }
    expect(Date.parse(collaborators[0]!.added_at)).toBeLessThanOrEqual(Date.parse(collaborators[1]!.added_at));
  });

  it('is empty for a dashboard without collaborators', async () => {
    expect((await member.get(collaboratorsPath(D.productOverview))).body).toEqual([]);
  });
});

describe('POST collaborators/', () => {
  it('adds a collaborator (201), who can then edit', async () => {
    expect((await member.patch(`/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, { name: 'x' })).status).toBe(403);
    const result = await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: uuidOf(U.tomas), level: 37 });
    expect(result.status).toBe(201);
    expectKeys(result.body, collaboratorKeys);
    const collaborator = parseWith(collaboratorSchema, result.body);
    expect(collaborator).toMatchObject({ dashboard_id: D.boardMetrics, level: 37 });
    expect(collaborator.user.email).toBe('tomas.garcia@hedgebox.net');
    const list = (await admin.get(collaboratorsPath(D.boardMetrics))).body;
    expect(list.map((c: { user: { id: number } }) => c.user.id)).toEqual([U.jonas, U.tomas]);
    expect(list[1]).toEqual(result.body);
    const asMember = await member.get(`/api/projects/${P.app}/dashboards/${D.boardMetrics}/`);
    expect(asMember.body.effective_privilege_level).toBe(37);
    expect((await member.patch(`/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, { name: 'Board metrics (Q3)' })).status).toBe(200);
  });

  it('accepts the UUID in upper case', async () => {
    const result = await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: uuidOf(U.samuel).toUpperCase(), level: 37 });
    expect(result.status).toBe(201);
    expect(result.body.user.id).toBe(U.samuel);
  });

  it('an invited collaborator may invite others', async () => {
    const result = await member.post(collaboratorsPath(D.pricingExperiment), { user_uuid: uuidOf(U.samuel), level: 37 });
    expect(result.status).toBe(201);
  });

  it('needs edit rights, checked before the body', async () => {
    for (const body of [{ user_uuid: uuidOf(U.samuel), level: 37 }, {}]) {
      expectError(
        await member.post(collaboratorsPath(D.boardMetrics), body),
        403,
        'authentication_error',
        'permission_denied',
        details.noEditPermission,
      );
    }
    expectError(await member.send('POST', collaboratorsPath(D.boardMetrics), { raw: '{oops' }), 403, 'authentication_error', 'permission_denied');
  });

  it('§5.5: the field errors come before the restriction rule, which has attr null', async () => {
    expectValidation(await admin.post(collaboratorsPath(D.productOverview), {}), 'required', 'user_uuid', 'This field is required.');
    expectValidation(
      await admin.post(collaboratorsPath(D.productOverview), { user_uuid: 'nope', level: 37 }),
      'invalid_input',
      'user_uuid',
      'Must be a valid UUID.',
    );
    expectValidation(await admin.post(collaboratorsPath(D.productOverview), { user_uuid: unknownUuid, level: 1 }), 'invalid_choice', 'level', '"1" is not a valid choice.');
    for (const body of [{ user_uuid: uuidOf(U.samuel), level: 37 }, { user_uuid: unknownUuid, level: 21 }]) {
      expectValidation(await admin.post(collaboratorsPath(D.productOverview), body), 'invalid_input', null, details.collaboratorsOnLowestLevel);
    }
  });

  it('§5.5: level 21 passes the fields and fails the level rule (attr null); "37" is 37', async () => {
    expectValidation(await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: unknownUuid, level: 21 }), 'invalid_input', null, details.onlyEditAccess);
    expectValidation(await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: unknownUuid, level: '37' }), 'invalid_input', null, details.userDoesNotExist);
    const braced = await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: `{${uuidOf(U.samuel).replace(/-/g, '')}}`, level: '37' });
    expect(braced.status, braced.text).toBe(201);
    expect(braced.body.user.id).toBe(U.samuel);
  });

  it('the JSON checks still come before rule 1', async () => {
    expectError(await admin.send('POST', collaboratorsPath(D.productOverview), { raw: '{oops' }), 400, 'invalid_request', 'parse_error');
    expectValidation(await admin.send('POST', collaboratorsPath(D.productOverview), { raw: '[1]', headers: { 'Content-Type': 'application/json' } }), 'invalid_input', null, details.expectedDictionary('list'));
  });

  it.each([
    ['nothing', {}, 'required', 'user_uuid', 'This field is required.'],
    ['a null user', { user_uuid: null, level: 37 }, 'null', 'user_uuid', 'This field may not be null.'],
    ['a user that is not a UUID', { user_uuid: 'tomas', level: 37 }, 'invalid_input', 'user_uuid', 'Must be a valid UUID.'],
    ['a user of the wrong type', { user_uuid: 3, level: 37 }, 'invalid_input', 'user_uuid', 'Must be a valid UUID.'],
    ['no level', { user_uuid: unknownUuid }, 'required', 'level', 'This field is required.'],
    ['level 30', { user_uuid: unknownUuid, level: 30 }, 'invalid_choice', 'level', '"30" is not a valid choice.'],
    ['level 37.5', { user_uuid: unknownUuid, level: 37.5 }, 'invalid_choice', 'level', '"37.5" is not a valid choice.'],
  ])('fields: %s', async (_label, body, code, attr, detail) => {
    expectValidation(await admin.post(collaboratorsPath(D.boardMetrics), body), code, attr, detail);
  });

  it('the user rules, in order, each with attr null: exists, in the organization, no inherent access, not added already', async () => {
    const add = (userUuid: string) => admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: userUuid, level: 37 });
    expectValidation(await add(unknownUuid), 'invalid_input', null, details.userDoesNotExist);
    expectValidation(await add(uuidOf(U.hugo)), 'invalid_input', null, details.userHasNoAccess);
    expectValidation(await add(uuidOf(U.olivia)), 'invalid_input', null, details.userHasInherentAccess); // the creator
    expectValidation(await add(uuidOf(U.priya)), 'invalid_input', null, details.userHasInherentAccess); // an admin
    expectValidation(await add(uuidOf(U.lena)), 'invalid_input', null, details.userHasInherentAccess); // an admin
    expectValidation(await add(uuidOf(U.jonas)), 'invalid_input', null, details.userAlreadyCollaborator);
    expect((await admin.get(collaboratorsPath(D.boardMetrics))).body).toHaveLength(1);
  });

  it('is not written to the activity log (production logs no collaborator change)', async () => {
    const before = api.store().snapshot().activity.length;
    expect((await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: uuidOf(U.mei), level: 37 })).status).toBe(201);
    expect((await admin.delete(`${collaboratorsPath(D.boardMetrics)}${uuidOf(U.mei)}/`)).status).toBe(204);
    expect(api.store().snapshot().activity.length).toBe(before);
  });
});

describe('DELETE collaborators/:user_uuid/', () => {
  const removePath = (dashboard: number, userUuid: string) => `${collaboratorsPath(dashboard)}${userUuid}/`;

  it('removes the collaborator (204, empty)', async () => {
    const result = await admin.delete(removePath(D.boardMetrics, uuidOf(U.jonas)));
    expect(result.status).toBe(204);
    expect(result.text).toBe('');
    expect((await admin.get(collaboratorsPath(D.boardMetrics))).body).toEqual([]);
    expectError(await admin.delete(removePath(D.boardMetrics, uuidOf(U.jonas))), 404, 'invalid_request', 'not_found', 'Not found.');
  });

  it('a user who is not a collaborator, an unknown or malformed UUID is 404', async () => {
    for (const userUuid of [uuidOf(U.samuel), unknownUuid, 'not-a-uuid', '123']) {
      expectError(await admin.delete(removePath(D.boardMetrics, userUuid)), 404, 'invalid_request', 'not_found', 'Not found.');
    }
  });

  it('needs edit rights, checked before the collaborator is looked up (§2.3 step 6)', async () => {
    expectError(await member.delete(removePath(D.boardMetrics, unknownUuid)), 403, 'authentication_error', 'permission_denied', details.noEditPermission);
    expectError(
      await member.delete(removePath(D.boardMetrics, uuidOf(U.jonas))),
      403,
      'authentication_error',
      'permission_denied',
      details.noEditPermission,
    );
  });

  it('lowering the restriction to 21 keeps the list; then removal and adding are refused', async () => {
    await admin.patch(`/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, { restriction_level: 21 });
    expect((await admin.get(collaboratorsPath(D.boardMetrics))).body).toHaveLength(1);
    expectError(await admin.delete(removePath(D.boardMetrics, unknownUuid)), 404, 'invalid_request', 'not_found');
    expectValidation(
      await admin.delete(removePath(D.boardMetrics, uuidOf(U.jonas))),
      'invalid_input',
      null,
      details.removeCollaboratorsOnLowestLevel,
    );
    expectValidation(
      await admin.post(collaboratorsPath(D.boardMetrics), { user_uuid: uuidOf(U.samuel), level: 37 }),
      'invalid_input',
      null,
      details.collaboratorsOnLowestLevel,
    );
    await admin.patch(`/api/projects/${P.app}/dashboards/${D.boardMetrics}/`, { restriction_level: 37 });
    expect((await admin.get(collaboratorsPath(D.boardMetrics))).body[0].user.id).toBe(U.jonas);
  });
});
