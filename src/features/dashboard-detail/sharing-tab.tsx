// PLACEHOLDER: replaced by the page helper
export default function SharingTab() {
  return (
    <>
      <h2>Sharing</h2>
      <p>This page is being built.</p>
    </>
  );
}
