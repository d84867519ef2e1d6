/** Projects (API.md §6): the write fetchers and the mutation hooks (reads and queries: projects.ts). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductType, ProjectCreateInput, ProjectUpdateInput } from '../contract/inputs.ts';
import { projectSchema, type Project } from '../contract/schemas.ts';
import { apiRequest } from './http.ts';
import { projectPath, projectQueries } from './projects.ts';
import { keyRoots, segment, type ProjectId } from './query-keys.ts';

// ---------- fetchers ----------

/** POST a project into `organization` (an id; the key's current organization when not given). */
export function createProject(input: ProjectCreateInput, signal?: AbortSignal, organization = '@current'): Promise<Project> {
  return apiRequest({
    endpoint: 'projects.create',
    method: 'POST',
    path: `/api/organizations/${segment(organization || '@current')}/projects/`,
    body: input,
    signal,
    schema: projectSchema,
  });
}

/** PATCH with only the changed fields (see `changedFields`). */
export function updateProject(projectId: ProjectId, changes: ProjectUpdateInput, signal?: AbortSignal): Promise<Project> {
  return apiRequest({
    endpoint: 'projects.update',
    method: 'PATCH',
    path: projectPath(projectId),
    body: changes,
    signal,
    schema: projectSchema,
  });
}

export function deleteProject(projectId: ProjectId, signal?: AbortSignal): Promise<void> {
  return apiRequest({ endpoint: 'projects.delete', method: 'DELETE', path: projectPath(projectId), signal });
}

/** A new `api_token`; admins only. */
export function resetProjectToken(projectId: ProjectId, signal?: AbortSignal): Promise<Project> {
  return apiRequest({
    endpoint: 'projects.resetToken',
    method: 'PATCH',
    path: `${projectPath(projectId)}reset_token/`,
    body: {},
    signal,
    schema: projectSchema,
  });
}

export interface ProductIntentInput {
  product_type: ProductType;
  intent_context?: string | null;
}

export function addProductIntent(projectId: ProjectId, input: ProductIntentInput, signal?: AbortSignal): Promise<Project> {
  return apiRequest({
    endpoint: 'projects.addProductIntent',
    method: 'PATCH',
    path: `${projectPath(projectId)}add_product_intent/`,
    body: input,
    signal,
    schema: projectSchema,
  });
}

export function completeProductOnboarding(
  projectId: ProjectId,
  productType: ProductType,
  signal?: AbortSignal,
): Promise<Project> {
  return apiRequest({
    endpoint: 'projects.completeProductOnboarding',
    method: 'PATCH',
    path: `${projectPath(projectId)}complete_product_onboarding/`,
    body: { product_type: productType },
    signal,
    schema: projectSchema,
  });
}

// ---------- mutations ----------

/** POST a project (admins only); the new project is cached; lists and the switcher refresh. */
export function useCreateProject(organization?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectCreateInput) => createProject(input, undefined, organization),
    meta: { invalidates: [keyRoots.projectLists, keyRoots.organization] },
    onSuccess: (project) => queryClient.setQueryData(projectQueries.detail(project.id).queryKey, project),
  });
}

/** PATCH the changed fields only; the answer replaces the cached project. */
export function useUpdateProject(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProjectUpdateInput) => updateProject(projectId, changes),
    meta: { invalidates: [keyRoots.projectLists, keyRoots.activityLog(projectId), keyRoots.organization] },
    onSuccess: (project) => queryClient.setQueryData(projectQueries.detail(projectId).queryKey, project),
  });
}

/** DELETE the project (admins only): its cached data is dropped. */
/**
 * DELETE the project. `onDeleted` runs first and must leave the project's pages synchronously
 * (`navigate(…, { flushSync: true })`): a page still showing the project would fetch it back,
 * into a 404, as soon as its queries are dropped.
 */
export function useDeleteProject({ onDeleted }: { onDeleted: (projectId: ProjectId) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectId: ProjectId) => deleteProject(projectId),
    meta: { invalidates: [keyRoots.projectLists, keyRoots.organization] },
    onSuccess: (_data, projectId) => {
      onDeleted(projectId);
      queryClient.removeQueries({ queryKey: keyRoots.project(projectId) });
      queryClient.removeQueries({ queryKey: keyRoots.dashboards(projectId) });
    },
  });
}

/** PATCH reset_token/ (admins only); the answer carries the new `api_token`. */
export function useResetProjectToken(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetProjectToken(projectId),
    meta: { invalidates: [keyRoots.projectLists, keyRoots.activityLog(projectId)] },
    onSuccess: (project) => queryClient.setQueryData(projectQueries.detail(projectId).queryKey, project),
  });
}

export function useAddProductIntent(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductIntentInput) => addProductIntent(projectId, input),
    meta: { invalidates: [keyRoots.activityLog(projectId)] },
    onSuccess: (project) => queryClient.setQueryData(projectQueries.detail(projectId).queryKey, project),
  });
}

export function useCompleteProductOnboarding(projectId: ProjectId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productType: ProductType) => completeProductOnboarding(projectId, productType),
    meta: { invalidates: [keyRoots.projectLists, keyRoots.activityLog(projectId)] },
    onSuccess: (project) => queryClient.setQueryData(projectQueries.detail(projectId).queryKey, project),
  });
}
