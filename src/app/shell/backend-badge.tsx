/**
 * The badge next to the organization that names the backend (`PostHog Cloud US`, `PostHog Cloud EU`,
 * `Bundled mock`, or the host). It shows once `/__mock/info` has answered (the mock's info, or that it
 * is not the mock), so its name never changes under the person's eyes; a probe that got no answer
 * decides nothing (src/api/resources/mock.ts). PostHog Cloud is known at once. Its code comes with the top bar's
 * switchers (src/app/shell/switchers.tsx re-exports it), loaded at once beside the page's, not with the first
 * page's JavaScript.
 */
import { backendName } from '../../api/client/backend-name.ts';
import { resolveHost } from '../../api/client/host.ts';
import type { MockInfo } from '../../contract/schemas.ts';

export function BackendBadge({ host, mockInfo }: { host: string; mockInfo: { data: MockInfo | null | undefined } }) {
  const cloud = backendName(host, false);
  const known = cloud.startsWith('PostHog Cloud') || mockInfo.data !== undefined;
  const name = known ? backendName(host, !!mockInfo.data) : null;
  if (!name) return null;
  return (
    <span className="badge badge-info backend-badge" title={`Backend: ${name}, at ${resolveHost(host)}`}>
      {name}
    </span>
  );
}
