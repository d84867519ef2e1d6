/** Projects (API.md §6): the write fetchers and the mutation hooks (reads and queries: projects.ts). */
import { useMutation, type QueryKey } from '@tanstack/react-query';
import type { ProductType, ProjectCreateInput, ProjectUpdateInput } from '../../contract/inputs.ts';
import { projectSchema, type Project } from '../../contract/schemas.ts';
import { changed, type Change } from '../client/changes.ts';
import { apiRequest, type ApiCall } from '../client/http.ts';
import { projectPath, projectQueries } from './projects.ts';
import { keyRoots, segment, type ProjectId } from '../client/query-keys.ts';

// ---------- fetchers ----------

/** POST a project into `organization` (an id; the key's current organization when not given). */
export function createProject(input: ProjectCreateInput, call: ApiCall, organization = '@current'): Promise<Project> {
  return apiRequest(call, {
    endpoint: 'projects.create',
    method: 'POST',
    path: `/api/organizations/${segment(organization || '@current')}/projects/`,
    body: input,
    schema: projectSchema,
  });
}

/** PATCH with only the changed fields (see `changedFields`). */
export function updateProject(projectId: ProjectId, changes: ProjectUpdateInput, call: ApiCall): Promise<Project> {
  return apiRequest(call, {
    endpoint: 'projects.update',
    method: 'PATCH',
    path: projectPath(projectId),
    body: changes,
    schema: projectSchema,
  });
}

export function deleteProject(projectId: ProjectId, call: ApiCall): Promise<void> {
  return apiRequest(call, { endpoint: 'projects.delete', method: 'DELETE', path: projectPath(projectId) });
}

/** A new `api_token`; admins only. */
export function resetProjectToken(projectId: ProjectId, call: ApiCall): Promise<Project> {
  return apiRequest(call, {
    endpoint: 'projects.resetToken',
    method: 'PATCH',
    path: `${projectPath(projectId)}reset_token/`,
    body: {},
    schema: projectSchema,
  });
}

export interface ProductIntentInput {
  product_type: ProductType;
  intent_context?: string | null;
}

export function addProductIntent(projectId: ProjectId, input: ProductIntentInput, call: ApiCall): Promise<Project> {
  return apiRequest(call, {
    endpoint: 'projects.addProductIntent',
    method: 'PATCH',
    path: `${projectPath(projectId)}add_product_intent/`,
    body: input,
    schema: projectSchema,
  });
}

export function completeProductOnboarding(
  projectId: ProjectId,
  productType: ProductType,
  call: ApiCall,
): Promise<Project> {
  return apiRequest(call, {
    endpoint: 'projects.completeProductOnboarding',
    method: 'PATCH',
    path: `${projectPath(projectId)}complete_product_onboarding/`,
    body: { product_type: productType },
    schema: projectSchema,
  });
}

// ---------- mutations ----------

/** A changed project: its detail is the answer; `also` names what else is stale. */
const projectSaved = (project: Project, ...also: QueryKey[]): Change[] => [
  changed.set(projectQueries.detail(project.id).queryKey, project),
  ...also.map((queryKey) => changed.refresh(queryKey)),
];

/** POST a project (admins only); the new project is cached; lists and the switcher refresh. */
export function useCreateProject(organization?: string) {
  return useMutation({
    mutationFn: (input: ProjectCreateInput, call) => createProject(input, call, organization),
    meta: { changes: (project: Project) => projectSaved(project, keyRoots.projects, keyRoots.organization) },
  });
}

/** PATCH the changed fields only; the answer replaces the cached project. */
export function useUpdateProject(projectId: ProjectId) {
  return useMutation({
    mutationFn: (changes: ProjectUpdateInput, call) => updateProject(projectId, changes, call),
    meta: {
      changes: (project: Project) =>
        projectSaved(project, keyRoots.projects, keyRoots.activityLog(projectId), keyRoots.organization),
    },
  });
}

/**
 * DELETE the project. `onDeleted` runs first and must leave the project's pages synchronously
 * (`navigate(…, { flushSync: true })`): a page still showing the project would fetch it back,
 * into a 404, as soon as its queries are dropped (the declared changes apply after onSuccess).
 */
export function useDeleteProject({ onDeleted }: { onDeleted: (projectId: ProjectId) => void }) {
  return useMutation({
    mutationFn: (projectId: ProjectId, call) => deleteProject(projectId, call),
    meta: {
      changes: (_data: void, projectId: ProjectId) => [
        changed.remove(keyRoots.project(projectId)),
        changed.remove(keyRoots.dashboards(projectId)),
        changed.refresh(keyRoots.projects),
        changed.refresh(keyRoots.organization),
      ],
    },
    onSuccess: (_data, projectId) => onDeleted(projectId),
  });
}

/** PATCH reset_token/ (admins only); the answer carries the new `api_token` (other tabs fetch it themselves). */
export function useResetProjectToken(projectId: ProjectId) {
  return useMutation({
    mutationFn: (_: void, call) => resetProjectToken(projectId, call),
    meta: { changes: (project: Project) => projectSaved(project, keyRoots.projects, keyRoots.activityLog(projectId)) },
  });
}

export function useAddProductIntent(projectId: ProjectId) {
  return useMutation({
    mutationFn: (input: ProductIntentInput, call) => addProductIntent(projectId, input, call),
    meta: { changes: (project: Project) => projectSaved(project, keyRoots.activityLog(projectId)) },
  });
}

export function useCompleteProductOnboarding(projectId: ProjectId) {
  return useMutation({
    mutationFn: (productType: ProductType, call) => completeProductOnboarding(projectId, productType, call),
    meta: { changes: (project: Project) => projectSaved(project, keyRoots.projects, keyRoots.activityLog(projectId)) },
  });
}
