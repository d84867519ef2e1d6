/**
 * The records the mock's store holds, as plain JSON (a data file is a `StoreData`). The records of
 * organizations, users, members, keys, projects and activity are the contract's response types
 * (src/contract/schemas.ts) minus what is computed per request, plus the links the store keeps: a
 * field added to a response schema is a field of the record.
 */
import type * as z from 'zod/mini';
import type { dashboardSchema, insightSchema, textSchema, tileSchema } from '../../contract/schemas.ts';
import type { collaboratorSchema, sharePasswordSchema, sharingConfigurationSchema } from '../../contract/dashboard-sharing.ts';

import type {
  ActivityChange as ContractActivityChange,
  ActivityDetail,
  ActivityEntry,
  Me,
  Member,
  Organization,
  PersonalApiKey,
  Project,
  User,
} from '../../contract/schemas.ts';
import type { AccessLevel } from '../../contract/access-control.ts';

export type MemberLevel = 1 | 8 | 15;
import type { RestrictionLevel } from '../../contract/inputs.ts';
export type { RestrictionLevel };
export type CreationMode = 'default' | 'template' | 'duplicate' | 'unlisted';

/** What an organization answer computes per request: the caller's level, its teams, projects and member count. */
type OrganizationComputed = 'membership_level' | 'teams' | 'projects' | 'member_count';
export type OrganizationRecord = Omit<Organization, OrganizationComputed> & { slug: string; updated_at: string };

/** The user fields of `/api/users/@me/` that the store keeps (the rest are computed or constant). */
export const storedMeFields = [
  'date_joined',
  'notification_settings',
  'anonymize_data',
  'toolbar_mode',
  'has_password',
  'is_2fa_enabled',
  'has_social_auth',
  'has_seen_product_intro_for',
  'scene_personalisation',
  'theme_mode',
  'allow_sidebar_suggestions',
] as const satisfies ReadonlyArray<keyof Me>;

export type UserRecord = User &
  Pick<Me, (typeof storedMeFields)[number]> & {
    last_login: string | null;
    current_organization_id: string | null;
    current_project_id: number | null;
    /**
     * False for a deactivated user: left out of member lists and `users_with_access`, their keys
     * refused, still the `created_by` of what they made. Missing (files written before v4) is true.
     */
    is_active?: boolean;
  };

export type MemberRecord = Pick<Member, 'id' | 'joined_at'> & {
  organization_id: string;
  user_id: number;
  level: MemberLevel;
  updated_at: string;
};

/** A personal API key: its secret `value` is stored (the answer shows only its mask). */
export type ApiKeyRecord = Omit<PersonalApiKey, 'value' | 'mask_value' | 'label' | 'user_id'> & {
  label: string;
  value: string;
  user_id: number;
};

/** A project: the response fields but the caller's level, with its organization's id. */
export type ProjectRecord = Omit<Project, 'organization' | 'effective_membership_level'> & { organization_id: string };

type InsightOut = z.output<typeof insightSchema>;
type TextOut = z.output<typeof textSchema>;
type TileOut = z.output<typeof tileSchema>;
type DashboardOut = z.output<typeof dashboardSchema>;
type CollaboratorOut = z.output<typeof collaboratorSchema>;
type SharePasswordOut = z.output<typeof sharePasswordSchema>;
type SharingOut = z.output<typeof sharingConfigurationSchema>;

/**
 * The records below are the contract's shapes (API.md §4.2–§4.6) minus what the serializers compute
 * per request or from other records (users, privileges, ids of other records), plus the store's links.
 */
export type InsightRecord = Pick<
  InsightOut,
  | 'id'
  | 'short_id'
  | 'name'
  | 'derived_name'
  | 'query'
  | 'order'
  | 'deleted'
  | 'last_refresh'
  | 'created_at'
  | 'description'
  | 'updated_at'
  | 'tags'
  | 'favorited'
  | 'last_modified_at'
  | 'is_sample'
> & {
  project_id: number;
  /** User ids. */
  created_by: number | null;
  last_modified_by: number | null;
};

export type TextRecord = Pick<TextOut, 'id' | 'body' | 'last_modified_at'> & {
  created_by: number | null;
  last_modified_by: number | null;
};

export type TileRecord = Pick<TileOut, 'id' | 'layouts' | 'color'> & {
  /** The insight's id (insights live in their own collection and may show on several dashboards). */
  insight_id: number | null;
  text: TextRecord | null;
};

/** A share password; `secret` is what the public page compares with (API.md §4.6, §9). */
export type SharePasswordRecord = Pick<SharePasswordOut, 'id' | 'created_at'> & {
  note: string;
  created_by: number | null;
  is_active: boolean;
  secret: string;
};

/** A token of an earlier configuration, live until `expires_at` (the 5-minute grace period). */
export interface RetiredTokenRecord {
  access_token: string;
  expires_at: string;
}

/** The saved sharing configuration (null on the dashboard until the first save, API.md §5.6). */
export type SharingRecord = Pick<SharingOut, 'created_at' | 'enabled' | 'settings' | 'password_required'> & {
  access_token: string;
  share_passwords: SharePasswordRecord[];
  retired_tokens: RetiredTokenRecord[];
};

export type DashboardRecord = Pick<
  DashboardOut,
  | 'id'
  | 'name'
  | 'pinned'
  | 'created_at'
  | 'last_accessed_at'
  | 'deleted'
  | 'filters'
  | 'variables'
  | 'breakdown_colors'
  | 'data_color_theme_id'
  | 'tags'
  | 'last_refresh'
  | 'quick_filter_ids'
> & {
  project_id: number;
  description: string;
  breakdown_colors: unknown;
  /** The creator's user id. */
  created_by: number | null;
  creation_mode: CreationMode;
  restriction_level: RestrictionLevel;
  tiles: TileRecord[];
  sharing: SharingRecord | null;
};

/** What a `shareToken` of the public page stands for. */
export interface ShareSessionRecord {
  dashboard_id: number;
  /** The configuration's token when the password was given: a rotation keeps sessions of live tokens only. */
  access_token: string;
  password_id: number;
}

export type CollaboratorRecord = Pick<CollaboratorOut, 'id' | 'dashboard_id' | 'added_at' | 'updated_at'> & {
  user_id: number;
  level: 37;
};

/**
 * One access rule of a dashboard (API.md §5.7): a member's own (`organization_member_id`) or the
 * rule for everyone (null). At most one per dashboard and member (or everyone).
 */
export interface AccessControlRecord {
  id: string;
  dashboard_id: number;
  organization_member_id: string | null;
  access_level: AccessLevel;
  /** The user id, or null (production leaves it null for rules written through the API). */
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type ActivityChange = ContractActivityChange & { type: string; action: 'created' | 'changed' | 'deleted' };

/** An activity entry: the response minus the computed `user` and `unread`, plus its project and author. */
export type ActivityRecord = Omit<ActivityEntry, 'user' | 'unread' | 'detail' | 'item_id'> & {
  project_id: number;
  user_id: number | null;
  item_id: string;
  detail: Omit<ActivityDetail, 'changes'> & { changes: ActivityChange[] | null };
};

export interface Sequences {
  user: number;
  project: number;
  dashboard: number;
  tile: number;
  insight: number;
  /** Optional in files written before texts and share passwords had ids. */
  text?: number;
  share_password?: number;
}

/** Everything the mock holds, as plain JSON. */
export interface StoreData {
  format: 'analytics-console-mock';
  version: 1;
  /** The last id handed out per kind. */
  sequences: Sequences;
  organizations: OrganizationRecord[];
  users: UserRecord[];
  members: MemberRecord[];
  apiKeys: ApiKeyRecord[];
  projects: ProjectRecord[];
  dashboards: DashboardRecord[];
  /** Optional in files written before insights were their own collection. */
  insights?: InsightRecord[];
  collaborators: CollaboratorRecord[];
  /** Dashboards' access rules, oldest first (optional in files written before API.md v4). */
  accessControls?: AccessControlRecord[];
  /** Per project, oldest first (the order entries were recorded in). */
  activity: ActivityRecord[];
}
