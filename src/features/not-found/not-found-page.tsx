import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../components/layout/document-title.tsx';

/** Any path the console does not know. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found', { inProject: false });
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        There is no page at <code>{pathname}</code>. The link may be mistyped, or the page may have moved.
      </p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </div>
  );
}
