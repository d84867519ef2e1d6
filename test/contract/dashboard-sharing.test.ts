/** Who a dashboard is shared with (API.md §4.6): the answers as production sends them (test/fixtures/). */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  collaboratorListSchema,
  collaboratorSchema,
  sharePasswordCreatedSchema,
  sharePasswordSchema,
  sharingConfigurationSchema,
} from '../../src/contract/dashboard-sharing.ts';
import collaborators from '../fixtures/collaborators.json';
import sharing from '../fixtures/sharing.json';
import sharingWithPasswords from '../fixtures/sharing-with-passwords.json';
import passwordCreated from '../fixtures/share-password-created.json';

const copy = <T>(value: T): T => structuredClone(value);

describe('collaborators', () => {
  it('reads each collaborator with its user, and drops the fields the contract does not name', () => {
    const [first] = z.parse(collaboratorListSchema, copy(collaborators));
    expect(first).toEqual({
      id: '0186c35b-aaaa-0000-0000-000000000001',
      dashboard_id: 78,
      user: {
        id: 42,
        uuid: '0186c35b-4a0e-0000-9d3c-7f5a1b2c3d4e',
        distinct_id: 'kX9a8b7c6d5e4f3g2h1i',
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        is_email_verified: true,
        hedgehog_config: null,
        role_at_organization: null,
      },
      level: 37,
      added_at: '2024-02-03T00:00:00Z',
      updated_at: '2024-02-03T00:00:00Z',
    });
  });

  it('refuses a collaborator without its level or user, and a list that is no list', () => {
    const { level: _level, ...withoutLevel } = copy(collaborators[0]!);
    expect(z.safeParse(collaboratorSchema, withoutLevel).success).toBe(false);
    expect(z.safeParse(collaboratorSchema, { ...copy(collaborators[0]!), user: null }).success).toBe(false);
    expect(z.safeParse(collaboratorListSchema, copy(collaborators[0]!)).success).toBe(false);
  });
});

describe('the sharing configuration', () => {
  it('reads passwords (never their secret), settings and the caller’s level', () => {
    expect(z.parse(sharingConfigurationSchema, copy(sharingWithPasswords))).toEqual({
      created_at: '2024-06-01T09:30:00.654321Z',
      enabled: true,
      access_token: 'Xy3_abcdEFGHijklMNOPqr',
      settings: { whitelabel: true, theme: 'dark' },
      password_required: true,
      share_passwords: [
        { id: 12, created_at: '2024-06-02T09:30:00.654321Z', note: 'Board', created_by_email: 'ada@example.com', is_active: true },
        { id: 11, created_at: '2024-06-01T09:31:00Z', note: '', created_by_email: 'deleted user', is_active: true },
      ],
      user_access_level: 'editor',
    });
  });

  it('reads a missing or null password_required as false, missing passwords as none, and missing fields as null', () => {
    const { password_required: _required, share_passwords: _passwords, ...older } = copy(sharing);
    expect(z.parse(sharingConfigurationSchema, older)).toEqual({
      created_at: null,
      enabled: false,
      access_token: 'Abc_defGHIjklMNOpqrSTu',
      settings: null,
      password_required: false,
      share_passwords: [],
      user_access_level: null,
    });
    expect(z.parse(sharingConfigurationSchema, { ...older, password_required: null }).password_required).toBe(false);
    expect(z.parse(sharingConfigurationSchema, { ...older, password_required: false }).password_required).toBe(false);
  });

  it('refuses settings that are no object, and a password without its id', () => {
    expect(z.safeParse(sharingConfigurationSchema, { ...copy(sharing), settings: 'dark' }).success).toBe(false);
    expect(z.safeParse(sharingConfigurationSchema, { ...copy(sharing), settings: { theme: 'dark' } }).success).toBe(true);
    expect(z.safeParse(sharePasswordSchema, { created_at: '2024-06-01T09:31:00Z' }).success).toBe(false);
    expect(z.parse(sharePasswordSchema, { id: 3, created_at: '2024-06-01T09:31:00Z' })).toEqual({
      id: 3, created_at: '2024-06-01T09:31:00Z', note: null, created_by_email: null, is_active: null,
    });
  });
});

describe('a created share password', () => {
  it('carries the password in clear, once', () => {
    expect(z.parse(sharePasswordCreatedSchema, copy(passwordCreated))).toEqual({
      id: 13,
      password: 'q5Yd0m3TbZ_kP2xV8sLw9a',
      note: 'Investors',
      created_at: '2024-06-03T09:30:00.123456Z',
      created_by_email: 'ada@example.com',
    });
    const { password: _password, ...withoutPassword } = copy(passwordCreated);
    expect(z.safeParse(sharePasswordCreatedSchema, withoutPassword).success).toBe(false);
  });
});
