import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createProject, createUnit } from '../../test/factories';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../../lib/toast', () => ({ showSuccess: toasts.success, showError: toasts.error }));

const listing = (overrides = {}) => ({
  ...createProject({
    id: 55,
    name: 'Lake View Residency',
    item: 'listing',
    brokerId: 7,
    builderId: null,
    builder: null,
    transactionTag: 'Resale',
    units: [createUnit({ type: '3', minPrice: 9_500_000, maxPrice: 9_500_000, exteriorArea: 1450, facing: 'North' })],
    ...overrides,
  }),
});

describe('listing details', () => {
  it('shows the listing, its facts and its broker, and sends an enquiry about it', async () => {
    const user = userEvent.setup();
    const { api } = renderApp('/broker-property-details/3/apartment/55', {
      '/api/project/55': { success: true, project: listing() },
      '/api/broker/7': {
        success: true,
        broker: {
          id: 7,
          name: 'Ravi Kumar',
          profilePhoto: null,
          company: 'Kumar Realty',
          city: null,
          approval: 'approved',
          reraNumber: null,
          about: null,
          memberSince: '2024-01-01',
          listingCount: 3,
          listingsByType: { apartment: 3, villa: 0, plot: 0, residentialhouse: 0, 'pent house': 0, studio: 0 },
        },
      },
      '/api/leadMenegmentRoute/uILeadFormData': { success: true, message: 'Thank you! We will call you.' },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lake View Residency' })).toBeTruthy();
    expect(screen.getByText('₹ 95 L')).toBeTruthy();
    expect(screen.getByText('₹ 95,00,000')).toBeTruthy();
    expect(screen.getByText('3 BHK Apartment')).toBeTruthy();
    expect(screen.getByText('1,450 sq ft')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Ravi Kumar' })).getAttribute('href')).toBe('/broker-info/7');
    expect(screen.getByRole('link', { name: /Work out the EMI/ }).getAttribute('href')).toBe('/mortage-calculator?amount=9500000');

    const form = screen.getByRole('form', { name: 'Enquiry about Lake View Residency' });
    await user.type(within(form).getByLabelText('Your name'), 'Asha Rao');
    await user.type(within(form).getByLabelText('Mobile number'), '9845012345');
    await user.type(within(form).getByLabelText('E-mail'), 'asha@example.in');
    await user.click(within(form).getByRole('button', { name: 'Send enquiry' }));
    await vi.waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Thank you! We will call you.'));
    const call = vi.mocked(globalThis.fetch).mock.calls.find(([input]) => (input as Request).url?.includes('uILeadFormData'));
    expect(await (call?.[0] as Request).clone().json()).toMatchObject({ projectId: 55, name: 'Asha Rao' });
    expect(api.requests.some((url) => url.pathname === '/api/broker/7')).toBe(true);
  });

  it("says 'Owner listing' for a listing without a broker", async () => {
    renderApp('/user-property-details/3/apartment/55', {
      '/api/project/55': { success: true, project: listing({ brokerId: null, ownerId: 12 }) },
    });
    expect(await screen.findByText('Owner listing')).toBeTruthy();
  });

  it('reads as not found for a listing that is not public', async () => {
    renderApp('/broker-property-details/3/apartment/56', { '/api/project/56': errorResponse(404, 'Project not found') });
    expect(await screen.findByText('This property is not available')).toBeTruthy();
  });

  it("says 'Failed to fetch property' when the request fails", async () => {
    renderApp('/broker-property-details/3/apartment/57', { '/api/project/57': errorResponse(500) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch property');
  });
});
