import './app/noEvalZod';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import './styles/base.css';
import { startTheme } from './styles/theme';
import './ui/ui.css';
import './features/shell/shell.css';
import './features/errors/errors.css';
import './features/pwa/pwa.css';
import { loadConfig } from './backend/config';
import { registerServiceWorker } from './app/serviceWorker/registerServiceWorker';
import { startAppServices } from './app/startAppServices';
import { APP_ERROR_HTML, AppErrorPage } from './features/errors/AppErrorPage';
import { ConfigErrorPage } from './features/errors/ConfigErrorPage';
import { RootErrorBoundary } from './features/errors/RootErrorBoundary';
import { router } from './router';
import { startSyncEngine } from './sync/page/syncEngine';

async function boot(rootElement: HTMLElement): Promise<void> {
  const root = createRoot(rootElement);
  try {
    const config = await loadConfig();
    if (!config.ok) {
      root.render(<ConfigErrorPage missing={config.missing} detail={config.detail} />);
      return;
    }
    startAppServices(config.config);
    root.render(
      <StrictMode>
        <RootErrorBoundary>
          <RouterProvider router={router} />
        </RootErrorBoundary>
      </StrictMode>,
    );
    // Once the app renders: the upload engine (loads once someone is signed in) and,
    // a moment after load, the service worker (offline use, background sync, updates).
    startSyncEngine();
    registerServiceWorker();
  } catch (error) {
    console.error(error);
    root.render(<AppErrorPage />);
  }
}

startTheme(); // before the first render: the first paint has the right theme
const rootElement = document.getElementById('root');
if (rootElement) void boot(rootElement);
else document.body.innerHTML = APP_ERROR_HTML;
