// PLACEHOLDER: replaced by the page helper
export default function DashboardsPage() {
  return (
    <>
      <h1>Dashboards</h1>
      <p>This page is being built.</p>
    </>
  );
}
