/**
 * The organization's pages as tabs, each its own URL: `Projects`, `All dashboards`, `Public links`, `People`.
 * `?organization=<id>` goes along, so another organization stays chosen from tab to tab.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LinkTabs } from '../layout/link-tabs.tsx';

export function OrganizationTabs({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const organization = params.get('organization');
  const search = organization ? `?${new URLSearchParams({ organization }).toString()}` : '';
  return (
    <LinkTabs
      label="Organization"
      tabs={[
        { to: '/projects', label: 'Projects', search },
        { to: '/organization/dashboards', label: 'All dashboards', search },
        { to: '/organization/public-links', label: 'Public links', search },
        { to: '/organization/people', label: 'People', search },
      ]}
    >
      {children}
    </LinkTabs>
  );
}
