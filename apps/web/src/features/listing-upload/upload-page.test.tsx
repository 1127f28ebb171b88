import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { seedStoredLogin } from '../../test/auth';
import { mockApi } from '../../test/mock-api';
import { defaultApiRoutes, renderInStore } from '../../test/render-app';
import { UserUploadPage } from './upload-page';

vi.setConfig({ testTimeout: 20_000 });

// The wizard's steps are separate components over one useUploadWizard: a step's fields are checked before the next
// step shows, and Back returns to what was typed.
describe('upload wizard', () => {
  it('checks the basics, moves to the location step, and comes back with the name kept', async () => {
    await seedStoredLogin('user');
    mockApi({ ...defaultApiRoutes(), '/api/location': { success: true, locations: [], pagination: { page: 1, limit: 100, total: 0, hasMore: false } } });
    const user = userEvent.setup();
    renderInStore(<UserUploadPage />);

    expect(await screen.findByRole('heading', { level: 2, name: 'Basics' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Basics' })).toBeTruthy();
    expect(screen.getAllByRole('alert').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText('Property name'), 'Sunny 2 BHK near Metro');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Location' })).toBeTruthy();
    expect(screen.getByLabelText('City')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Property name') as HTMLInputElement).value).toBe('Sunny 2 BHK near Metro');
  });
});
