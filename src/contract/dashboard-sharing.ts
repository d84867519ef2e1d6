/**
 * Who a dashboard is shared with: its collaborators (the older restriction's invitations) and its
 * sharing configuration with its passwords (API.md §4.6). A module of its own, apart from
 * schemas.ts: the first page's JavaScript (schemas.ts is part of it) reads none of this, so the
 * build puts it with the pages that do (the dashboard's tabs and the organization's pages).
 */
import * as z from 'zod/mini';
import { lazy } from './lazy.ts';
import { list, maybe, userSchema } from './schemas.ts';

const jsonObject = z.record(z.string(), z.unknown());

export const collaboratorSchema = lazy(() =>
  z.object({
    id: z.string(),
    dashboard_id: z.number(),
    user: userSchema,
    level: z.number(),
    added_at: z.string(),
    updated_at: z.string(),
  }),
);
export type Collaborator = z.infer<typeof collaboratorSchema>;
export const collaboratorListSchema = lazy(() => z.array(collaboratorSchema));

/** A share password as listed in the configuration (§4.6); the secret itself is never listed. */
export const sharePasswordSchema = lazy(() =>
  z.object({
    id: z.number(),
    created_at: z.string(),
    note: maybe(z.string()),
    created_by_email: maybe(z.string()),
    is_active: maybe(z.boolean()),
  }),
);
export type SharePassword = z.infer<typeof sharePasswordSchema>;

/** The answer of `POST sharing/passwords/`: the password in clear, shown once. */
export const sharePasswordCreatedSchema = lazy(() =>
  z.object({
    id: z.number(),
    password: z.string(),
    note: maybe(z.string()),
    created_at: z.string(),
    created_by_email: maybe(z.string()),
  }),
);
export type SharePasswordCreated = z.infer<typeof sharePasswordCreatedSchema>;

export const sharingConfigurationSchema = lazy(() =>
  z.object({
    created_at: maybe(z.string()),
    enabled: z.boolean(),
    access_token: maybe(z.string()),
    settings: maybe(jsonObject),
    password_required: z.pipe(
      z.optional(z.nullable(z.boolean())),
      z.transform((v: boolean | null | undefined) => v ?? false),
    ),
    share_passwords: list(sharePasswordSchema),
    user_access_level: maybe(z.string()),
  }),
);
export type SharingConfiguration = z.infer<typeof sharingConfigurationSchema>;
