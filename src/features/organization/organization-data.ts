/** What both organization pages share: the loaded rows, the key's facts, the filters from the URL. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuthorization } from '../../api/access/authorization.ts';
import { userQueries } from '../../api/organization/organization.ts';
import { useOrganizationAbout, useOrganizationMembers } from '../../api/organization/about.ts';
import { useOrganizationDashboards } from '../../api/organization/all-dashboards.ts';
import { organizationFiltersFrom, withParam } from './organization-list.ts';

export function useOrganizationPage() {
  const [params, setParams] = useSearchParams();
  const organization = params.get('organization') ?? '';
  const filters = organizationFiltersFrom(params);
  // The page is about `?organization=` (else the key's current one): its role, members and features judge.
  const about = useOrganizationAbout({ organization: organization || null });
  const { facts, refusal: why, answer } = useAuthorization({ organization: { organization: organization || null } });
  const me = useQuery(userQueries.me());
  // Refused only when known: while the key's scopes load, the lists load (the API decides).
  const readAnswer = answer('readDashboards');
  const readRefused = readAnswer.kind === 'no' ? readAnswer.reason : null;
  const data = useOrganizationDashboards(organization, readRefused === null);
  const bulkFacts = useMemo(() => ({ ...facts, me: me.data ? { id: me.data.id, uuid: me.data.uuid } : null }), [facts, me.data]);

  const setParam = useCallback(
    (name: string, value: string, replace = false) =>
      setParams((current) => withParam(current, name, value), { replace, flushSync: !replace }),
    [setParams],
  );

  const sharingAnswer = answer('readSharing');
  const readSharingRefused = sharingAnswer.kind === 'no' ? sharingAnswer.reason : null;
  // `Someone who left` and the person page compare with these members (a key that cannot list them cannot tell).
  const membersRefused = why('readMembers');
  const members = useOrganizationMembers(about, membersRefused === null);
  return { organization, about, members, membersRefused, filters, params, setParams, setParam, readRefused, readSharingRefused, refusal: why, data, facts: bulkFacts };
}
