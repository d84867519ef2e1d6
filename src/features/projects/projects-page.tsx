// PLACEHOLDER: replaced by the page helper
export default function ProjectsPage() {
  return (
    <>
      <h1>Projects</h1>
      <p>This page is being built.</p>
    </>
  );
}
