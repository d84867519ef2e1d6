/** The console parses what production really sends (test/fixtures/), not only what the mock sends. */
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchActivityLogPage, noActivityFilters } from '../../../src/api/resources/activity.ts';
import { fetchCollaborators } from '../../../src/api/resources/collaborators.ts';
import { fetchDashboard, fetchDashboardPage } from '../../../src/api/resources/dashboards/dashboards.ts';
import { fetchAllMembers, fetchCurrentOrganization, fetchMe } from '../../../src/api/organization/organization.ts';
import { fetchDemoDataStatus, fetchProject, fetchProjectPage } from '../../../src/api/resources/projects.ts';
import { fetchSharing } from '../../../src/api/resources/sharing.ts';
import {
  activityPageSchema,
  dashboardPageSchema,
  dashboardSchema,
  demoDataStatusSchema,
  memberPageSchema,
  meSchema,
  organizationSchema,
  projectPageSchema,
  projectSchema,
} from '../../../src/contract/schemas.ts';
import { collaboratorListSchema, sharingConfigurationSchema } from '../../../src/contract/dashboard-sharing.ts';
import { server } from '../../setup.ts';
import activityLogPage from '../../fixtures/activity-log-page.json';
import activityPage from '../../fixtures/activity-page.json';
import activityProjectShape from '../../fixtures/activity-project-shape.json';
import collaborators from '../../fixtures/collaborators.json';
import dashboardFull from '../../fixtures/dashboard-full.json';
import dashboardList from '../../fixtures/dashboard-list.json';
import isGeneratingDemoDataProjectShape from '../../fixtures/is-generating-demo-data-project-shape.json';
import isGeneratingDemoData from '../../fixtures/is-generating-demo-data.json';
import meWithoutTeam from '../../fixtures/me-without-team.json';
import me from '../../fixtures/me.json';
import members from '../../fixtures/members.json';
import organization from '../../fixtures/organization.json';
import projectFull from '../../fixtures/project-full.json';
import projectList from '../../fixtures/project-list.json';
import sharing from '../../fixtures/sharing.json';
import { freshConsole } from '../../console.ts';

const fixtures: Record<string, unknown> = {
  'activity-log-page.json': activityLogPage,
  'activity-page.json': activityPage,
  'activity-project-shape.json': activityProjectShape,
  'collaborators.json': collaborators,
  'dashboard-full.json': dashboardFull,
  'dashboard-list.json': dashboardList,
  'is-generating-demo-data-project-shape.json': isGeneratingDemoDataProjectShape,
  'is-generating-demo-data.json': isGeneratingDemoData,
  'me-without-team.json': meWithoutTeam,
  'me.json': me,
  'members.json': members,
  'organization.json': organization,
  'project-full.json': projectFull,
  'project-list.json': projectList,
  'sharing.json': sharing,
};
/** A fresh copy of test/fixtures/<name>. */
const fixture = (name: string): unknown => structuredClone(fixtures[name]);

describe('production-shaped fixtures parse with the contract', () => {
  it('a full project: unknown fields dropped, nulls kept, lists cleaned', () => {
    const project = projectSchema.parse(fixture('project-full.json'));
    // Production's newer fields are read (API.md §4.8); fields the contract does not list are dropped.
    expect(project.group_types.map((g) => g.group_type)).toContain('company');
    expect(project).not.toHaveProperty('base_currency');
    expect(project).not.toHaveProperty('capture_dead_clicks');
    expect(project).not.toHaveProperty('user_access_level');
    expect(project.product_description).toBeNull();
    expect(project.week_start_day).toBeNull();
    expect(project.primary_dashboard).toBeNull();
    expect(project.effective_membership_level).toBeNull();
    expect(project.app_urls).toEqual(['https://example.com']);
    expect(project.session_recording_sample_rate).toBe('0.50');
    expect(project.session_recording_minimum_duration_milliseconds).toBeNull();
    expect(project.has_completed_onboarding_for).toEqual({ product_analytics: true });
    expect(project.product_intents).toEqual([
      { product_type: 'session_replay', created_at: '2024-01-01T00:00:00Z', updated_at: '2024-01-02T00:00:00Z', onboarding_completed_at: null },
    ]);
  });

  it('the project list and the demo badge', () => {
    const page = projectPageSchema.parse(fixture('project-list.json'));
    expect(page.results.map((p) => [p.name, p.is_demo])).toEqual([
      ['Production', false],
      ['Demo', true],
    ]);
    expect(page.results[1]!.has_completed_onboarding_for).toBeNull();
    expect(page.results[0]).not.toHaveProperty('user_access_level');
  });

  it('dashboards with null names, creators, descriptions and tags', () => {
    const page = dashboardPageSchema.parse(fixture('dashboard-list.json'));
    expect(page.count).toBe(1203);
    const [untitled, growth] = page.results;
    expect(untitled!.name).toBeNull();
    expect(untitled!.created_by?.distinct_id).toBeNull();
    expect(untitled!.created_by?.hedgehog_config).toEqual({ use_as_profile: true, color: 'blue', accessories: ['beret'] });
    expect(growth!.created_by).toBeNull();
    expect(growth!.description).toBeNull();
    expect(growth!.tags).toEqual([]);
    // Production's list-item fields of API.md §4.2 are read (null where production sends null).
    expect(untitled!.last_accessed_at).toBeNull();

    const dashboard = dashboardSchema.parse(fixture('dashboard-full.json'));
    expect(dashboard.tiles.map((t) => [t.id, t.insight?.name ?? null, t.text?.body ?? null])).toEqual([
      [901, 'Weekly signups', null],
      [902, null, 'Notes for the team'],
      [903, null, null],
    ]);
    expect(dashboard.variables).toBeNull();
    expect(dashboard.filters).toEqual({ date_from: '-30d' });
  });

  it('collaborators, sharing, organization, members and @me', () => {
    const [collaborator] = collaboratorListSchema.parse(fixture('collaborators.json'));
    expect(collaborator).toMatchObject({ level: 37, dashboard_id: 78, user: { email: 'ada@example.com' } });
    expect(sharingConfigurationSchema.parse(fixture('sharing.json'))).toEqual({
      created_at: null,
      enabled: false,
      access_token: 'Abc_defGHIjklMNOpqrSTu',
      settings: null,
      password_required: false,
      share_passwords: [],
      user_access_level: null,
    });
    const organization = organizationSchema.parse(fixture('organization.json'));
    expect(organization.projects).toEqual([
      { id: 1234, organization_id: '0186c35a-1111-0000-aaaa-bbbbccccdddd', name: 'Production' },
      { id: 1235, organization_id: null, name: 'Demo' },
    ]);
    expect(memberPageSchema.parse(fixture('members.json')).results.map((m) => m.level)).toEqual([15, 1]);
    expect(meSchema.parse(fixture('me.json')).team?.id).toBe(1234);
    expect(meSchema.parse(fixture('me-without-team.json'))).toMatchObject({ team: null, organization: null });
  });

  it('activity/ and is_generating_demo_data/ in both documented shapes', () => {
    const page = activityPageSchema.parse(fixture('activity-page.json'));
    expect(page.total_count).toBe(57);
    expect(page.results.map((e) => [e.id, e.item_id, e.user?.email ?? null, e.detail?.changes.length])).toEqual([
      ['0190aaaa-0000-0000-0000-000000000001', '1234', 'ada@example.com', 1],
      ['2', '78', null, 0],
    ]);
    expect(activityPageSchema.parse(fixture('activity-project-shape.json'))).toEqual({
      results: [],
      next: null,
      previous: null,
      total_count: 0,
    });
    expect(demoDataStatusSchema.parse(fixture('is-generating-demo-data.json'))).toEqual({ isGenerating: false });
    expect(demoDataStatusSchema.parse(fixture('is-generating-demo-data-project-shape.json'))).toEqual({ isGenerating: null });
  });
});

describe('the fetchers accept the fixtures over HTTP', () => {
  it('parses every production answer', async () => {
    const { call } = freshConsole({ host: 'https://us.posthog.example', key: 'phx_production_key' });
    const answer = (name: string) => () => HttpResponse.json(fixture(name) as Record<string, unknown>);
    server.use(
      http.get('https://us.posthog.example/api/organizations/@current/', answer('organization.json')),
      http.get('https://us.posthog.example/api/organizations/@current/members/', answer('members.json')),
      http.get('https://us.posthog.example/api/organizations/@current/projects/', answer('project-list.json')),
      http.get('https://us.posthog.example/api/users/@me/', answer('me.json')),
      http.get('https://us.posthog.example/api/projects/1234/', answer('project-full.json')),
      http.get('https://us.posthog.example/api/projects/1234/activity_log/', answer('activity-log-page.json')),
      http.get('https://us.posthog.example/api/projects/1234/is_generating_demo_data/', answer('is-generating-demo-data-project-shape.json')),
      http.get('https://us.posthog.example/api/projects/1234/dashboards/', answer('dashboard-list.json')),
      http.get('https://us.posthog.example/api/projects/1234/dashboards/78/', answer('dashboard-full.json')),
      http.get('https://us.posthog.example/api/projects/1234/dashboards/78/collaborators/', () =>
        HttpResponse.json(fixture('collaborators.json') as unknown[]),
      ),
      http.get('https://us.posthog.example/api/projects/1234/dashboards/78/sharing/', answer('sharing.json')),
    );
    expect((await fetchCurrentOrganization(call)).name).toBe('Hedgehog Inc.');
    expect(await fetchAllMembers('@current', call)).toHaveLength(2);
    expect((await fetchProjectPage({}, call)).count).toBe(2);
    expect((await fetchMe(call)).team?.name).toBe('Production');
    expect((await fetchProject(1234, call)).timezone).toBe('Europe/Paris');
    expect((await fetchActivityLogPage(1234, noActivityFilters, undefined, call)).results).toHaveLength(3);
    expect(await fetchDemoDataStatus(1234, call)).toEqual({ isGenerating: null });
    expect((await fetchDashboardPage(1234, {}, call)).results).toHaveLength(2);
    expect((await fetchDashboard(1234, 78, call)).tiles).toHaveLength(3);
    expect(await fetchCollaborators(1234, 78, call)).toHaveLength(1);
    expect((await fetchSharing(1234, 78, call)).enabled).toBe(false);
  });
});
