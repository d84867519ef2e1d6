// PLACEHOLDER: replaced by the page helper
import { Outlet } from 'react-router-dom';

/** The dashboard's heading, then tabs Overview (index route), Collaborators, Sharing rendered in <Outlet />. */
export default function DashboardDetailPage() {
  return (
    <>
      <h1>Dashboard</h1>
      <p>This page is being built.</p>
      <Outlet />
    </>
  );
}
