// Entry: providers and the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { configureStaticCsp, nonceInsertedStyles } from './app/csp';
import './i18n';
import { captureUncaughtErrors } from './stores/error-log';
import './styles.css';

captureUncaughtErrors();
configureStaticCsp();
nonceInsertedStyles();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
