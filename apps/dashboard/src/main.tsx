import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import ProviderConsole from './provider-console';

// Standalone development only (http://localhost:5502/remotes/dashboard/): the host renders the exposed module instead.
const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter basename="/remotes/dashboard">
      <Routes>
        <Route path="/*" element={<ProviderConsole basePath="" />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
