import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n';
import { App } from './app/App';
import { watchTablists } from './lib/tablistRepair';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// tab lists that screen readers can follow (lib/tablistRepair.ts)
watchTablists();
