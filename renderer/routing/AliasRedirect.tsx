import { useLocation, useParams } from 'react-router-dom';
import { fillPath } from '../../shared/routes.js';
import { Redirect } from './Redirect.js';

/** Another path of the same page: replaced by the page's own path, params and query kept. */
export function AliasRedirect({ to }: { to: string }) {
  const params = useParams();
  const location = useLocation();
  const filled = fillPath(
    to,
    Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined)),
  );
  return <Redirect to={`${filled}${location.search}`} />;
}
