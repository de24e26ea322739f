import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { appConfigQuery } from './api/app-config.queries';
import { setSessionExpiredHandler } from './api/client';
import { createQueryClient } from './api/query-client';
import { createRoutes } from './routes';
import { SessionProvider, useSession } from './session/session-context';
import { formConfig, theme } from './theme';

const queryClient = createQueryClient();

export function App() {
  return (
    <ConfigProvider theme={theme} form={formConfig}>
      <AntApp notification={{ placement: 'bottomLeft', duration: 5 }}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <Router />
          </SessionProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}

function Router() {
  const { setSession } = useSession();
  const config = useQuery(appConfigQuery);
  const contactEmail = config.data?.contact_email ?? null;

  // A refresh that fails ends the session: every cache is cleared and the guard shows sign-in.
  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.clear();
      setSession(null);
    });
  }, [setSession]);

  const router = useMemo(() => createBrowserRouter(createRoutes({ contactEmail })), [contactEmail]);
  return <RouterProvider router={router} />;
}
