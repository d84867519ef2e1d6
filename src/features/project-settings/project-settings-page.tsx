// PLACEHOLDER: replaced by the page helper
export default function ProjectSettingsPage() {
  return (
    <>
      <h1>Project settings</h1>
      <p>This page is being built.</p>
    </>
  );
}
