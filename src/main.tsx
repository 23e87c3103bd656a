import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './styles/base.css';
import './ui/ui.css';
import './features/shell/shell.css';
import './features/errors/errors.css';
import './features/pwa/pwa.css';
import { loadConfig } from './backend/config';
import { startAuth } from './features/auth/authStore';
import { APP_ERROR_HTML, AppErrorPage } from './features/errors/AppErrorPage';
import { ConfigErrorPage } from './features/errors/ConfigErrorPage';
import { RootErrorBoundary } from './features/errors/RootErrorBoundary';
import { installGlobalErrorHandlers } from './features/errors/globalHandlers';
import { startNetworkMonitoring } from './features/network/networkStore';
import { queryClient } from './backend/queryClient';
import { QueryClientProvider } from '@tanstack/react-query';
import { router } from './router';

async function boot(rootElement: HTMLElement): Promise<void> {
  const root = createRoot(rootElement);
  try {
    const config = await loadConfig();
    if (!config.ok) {
      root.render(<ConfigErrorPage missing={config.missing} detail={config.detail} />);
      return;
    }
    installGlobalErrorHandlers();
    startNetworkMonitoring(config.config.apiUrl);
    startAuth();
    root.render(
      <StrictMode>
        <RootErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </RootErrorBoundary>
      </StrictMode>,
    );
  } catch (error) {
    console.error(error);
    root.render(<AppErrorPage />);
  }
}

const rootElement = document.getElementById('root');
if (rootElement) void boot(rootElement);
else document.body.innerHTML = APP_ERROR_HTML;
