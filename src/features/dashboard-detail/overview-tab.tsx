// PLACEHOLDER: replaced by the page helper
export default function OverviewTab() {
  return (
    <>
      <h2>Overview</h2>
      <p>This page is being built.</p>
    </>
  );
}
