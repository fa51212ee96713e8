import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '#client/styles/tokens.css';
import '#client/styles/base.css';
import '#client/styles/layout.css';
import '#client/styles/components.css';
import '#client/styles/pages.css';
import { App } from '#client/app.tsx';
import { queryClient } from '#client/lib/trpc.ts';
import { seedInitialData } from '#client/lib/initial-data.ts';

seedInitialData(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
