// PLACEHOLDER: replaced by the page helper
export default function ActivityPage() {
  return (
    <>
      <h1>Activity</h1>
      <p>This page is being built.</p>
    </>
  );
}
