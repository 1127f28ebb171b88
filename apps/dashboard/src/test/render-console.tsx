import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import ProviderConsole from '../provider-console';

/** The console as the host mounts it: at /dashboard/* inside the host's router. */
export function renderConsole(path = '/dashboard') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/*" element={<ProviderConsole basePath="/dashboard" />} />
      </Routes>
    </MemoryRouter>,
  );
}
