/**
 * The newer access control (API.md §5.7): its levels and sources, and the answers of
 * `access_controls/` and `users_with_access/`. A module of its own, apart from schemas.ts: the first
 * page's JavaScript (schemas.ts is part of it) reads none of this, so the build puts it with the
 * pages that do (the Access tab, People and a person's page).
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { list, maybe } from './schemas.ts';

/** The newer access control's levels, lowest first (§5.7): `none` < `viewer` < `editor` < `manager`. */
export const accessLevels = ['none', 'viewer', 'editor', 'manager'] as const;
export type AccessLevel = (typeof accessLevels)[number];

/** Whether a text is one of the four levels (production may send others one day: read them as unknown). */
export function isAccessLevel(value: unknown): value is AccessLevel {
  return (accessLevels as ReadonlyArray<unknown>).includes(value);
}

/** A level's place in `accessLevels` (0 for `none`); -1 for a text that is no level. */
export function accessLevelRank(level: string | null | undefined): number {
  return (accessLevels as ReadonlyArray<string | null | undefined>).indexOf(level);
}

/** The higher of two levels ("highest wins", §5.7). */
export function higherAccessLevel(a: AccessLevel, b: AccessLevel): AccessLevel {
  return accessLevelRank(a) >= accessLevelRank(b) ? a : b;
}

/**
 * Where `users_with_access` says a person's level comes from (§5.7). The mock answers the first four;
 * production may also answer `explicit_role` and `project_admin` (§10), which the console shows as given.
 */
export const accessSources = ['creator', 'organization_admin', 'explicit_member', 'default', 'explicit_role', 'project_admin'] as const;
export type AccessSource = (typeof accessSources)[number];

/**
 * One access rule of a dashboard (29, 30): a member's own rule, or the rule for everyone
 * (`organization_member` null). `role` is production's (the mock keeps no roles). Production's
 * serializer leaves `id` out of its answer; the mock sends it.
 */
export const accessControlSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: maybe(z.string()),
    access_level: maybe(z.string()),
    resource: maybe(z.string()),
    resource_id: maybe(z.string()),
    organization_member: maybe(z.string()),
    role: maybe(z.string()),
    created_by: maybe(z.number()),
    created_at: maybe(z.string()),
    updated_at: maybe(z.string()),
  }),
);
export type AccessControl = z.infer<typeof accessControlSchema>;

/** `GET …/dashboards/:id/access_controls/` (29): the dashboard's rules and what the caller may do with them. */
export const accessControlsSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    access_controls: list(accessControlSchema),
    available_access_levels: list(z.string()),
    default_access_level: maybe(z.string()),
    minimum_access_level: maybe(z.string()),
    /** Production's newer answers add the highest level a rule may set (`manager` for dashboards). */
    maximum_access_level: maybe(z.string()),
    user_access_level: maybe(z.string()),
    user_can_edit_access_levels: z.pipe(
      z.optional(z.nullable(z.boolean())),
      z.transform((v: boolean | null | undefined) => v ?? false),
    ),
  }),
);
export type AccessControls = z.infer<typeof accessControlsSchema>;

/** One person of `users_with_access` (31). `user_id` is the user's UUID. */
export const userWithAccessSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    user_id: z.string(),
    access_level: z.string(),
    access_source: maybe(z.string()),
    organization_membership_id: maybe(z.string()),
    organization_membership_level: maybe(z.string()),
  }),
);
export type UserWithAccess = z.infer<typeof userWithAccessSchema>;

/** `GET …/dashboards/:id/users_with_access/` (31): every member whose level is not `none`, highest first. */
export const usersWithAccessSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    users: list(userWithAccessSchema),
    total_count: maybe(z.number()),
  }),
);
export type UsersWithAccess = z.infer<typeof usersWithAccessSchema>;
