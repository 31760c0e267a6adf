// /redirect/{path}: Refresh of a tab comes here and goes straight back, so the page mounts anew.
import { Navigate, useLocation } from 'react-router';

export default function RedirectPage() {
  const location = useLocation();
  return <Navigate to={`${location.pathname.replace(/^\/redirect/, '') || '/'}${location.search}`} replace />;
}
