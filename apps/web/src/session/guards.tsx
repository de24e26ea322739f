import { Spin } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session-context';

function Waiting() {
  return <Spin size="large" className="page-loading" aria-label="Loading" />;
}

/** Guarded routes need a session; without one the visitor goes to /auth/login. */
export function RequireSession() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <Waiting />;
  if (status === 'anonymous')
    return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** A visitor with a session who opens an auth route goes to /dashboard. */
export function PublicOnly() {
  const { status } = useSession();
  if (status === 'loading') return <Waiting />;
  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
