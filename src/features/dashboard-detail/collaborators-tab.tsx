// PLACEHOLDER: replaced by the page helper
export default function CollaboratorsTab() {
  return (
    <>
      <h2>Collaborators</h2>
      <p>This page is being built.</p>
    </>
  );
}
