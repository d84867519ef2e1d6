/** What both organization pages share: the loaded rows, the key's facts, the filters from the URL. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAuthorization } from '../../api/authorization.ts';
import { userQueries } from '../../api/organization.ts';
import { useOrganizationDashboards } from '../../api/organization-dashboards.ts';
import { organizationFiltersFrom, withParam } from './organization-list.ts';

export function useOrganizationPage() {
  const [params, setParams] = useSearchParams();
  const organization = params.get('organization') ?? '';
  const filters = organizationFiltersFrom(params);
  const { facts, refusal: why } = useAuthorization();
  const me = useQuery(userQueries.me());
  const readRefused = why('readDashboards');
  const data = useOrganizationDashboards(organization, readRefused === null);
  const bulkFacts = useMemo(() => ({ ...facts, me: me.data ? { id: me.data.id, uuid: me.data.uuid } : null }), [facts, me.data]);

  const setParam = useCallback(
    (name: string, value: string, replace = false) =>
      setParams((current) => withParam(current, name, value), { replace, flushSync: !replace }),
    [setParams],
  );

  return { organization, filters, params, setParams, setParam, readRefused, refusal: why, data, facts: bulkFacts };
}
