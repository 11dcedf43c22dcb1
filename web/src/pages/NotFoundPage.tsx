import { Link } from '@tanstack/react-router';
import { usePageHeading } from '../components/page-heading';

export function NotFoundPage() {
  const heading = usePageHeading('Not found');
  return (
    <div className="page">
      <h1 ref={heading} tabIndex={-1}>
        Page not found
      </h1>
      <p>There is no page at this address. </p>
      <Link className="button" to="/">
        Browse all datasets
      </Link>
    </div>
  );
}
