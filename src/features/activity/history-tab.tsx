/** A dashboard's History tab: the activity log of that one dashboard (`?scope=Dashboard&item_id=`). */
import { useParams } from 'react-router-dom';
import { ActivityList } from './activity-list.tsx';

export default function HistoryTab() {
  const { projectId = '', dashboardId = '' } = useParams();
  return (
    <>
      <h2 className="visually-hidden">History</h2>
      <ActivityList
        projectId={projectId}
        filters={{ scope: 'Dashboard', itemId: dashboardId, user: null }}
        linkDashboards={false}
        emptyTitle="No history yet"
        emptyText="Changes to this dashboard appear here as they happen."
      />
    </>
  );
}
