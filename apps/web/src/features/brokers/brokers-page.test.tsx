import type { BrokerProfile } from '@nivaas/contracts/broker.schema';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const profile: BrokerProfile = {
  id: 7,
  name: 'Ravi Kumar',
  profilePhoto: null,
  company: 'Kumar Realty',
  city: { id: 1, name: 'Bengaluru' },
  approval: 'approved',
  reraNumber: 'PRM/KA/RERA/1251/309/AG/180524/000123',
  about: 'Resale flats in East Bengaluru since 2012.',
  memberSince: '2024-10-05',
  listingCount: 14,
  listingsByType: { apartment: 10, villa: 4, plot: 0, residentialhouse: 0, 'pent house': 0, studio: 0 },
};

describe('brokers', () => {
  it('lists approved brokers with links to their profiles', async () => {
    const { listingsByType: _types, ...broker } = profile;
    renderApp('/brokers', {
      '/api/broker': { success: true, brokers: [broker], pagination: { page: 1, limit: 30, total: 1, hasMore: false } },
    });
    const link = await screen.findByRole('link', { name: 'Ravi Kumar' });
    expect(link.getAttribute('href')).toBe('/broker-info/7');
    expect(screen.getByText('14 listings')).toBeTruthy();
    expect(screen.getByText('Member since Oct 2024')).toBeTruthy();
  });

  it('shows a broker’s public profile, listing counts, a link to their properties and an enquiry form', async () => {
    renderApp('/broker-info/7', { '/api/broker/7': { success: true, broker: profile } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ravi Kumar' })).toBeTruthy();
    expect(screen.getByText(profile.reraNumber ?? '')).toBeTruthy();
    expect(screen.getByText('Oct 2024')).toBeTruthy();
    const listings = screen.getByRole('region', { name: '14 properties listed' });
    expect(within(listings).getByText('Villa').textContent).toBe('Villa 4');
    expect(within(listings).getByRole('link', { name: 'See properties' }).getAttribute('href')).toBe('/broker-properties/7');
    expect(screen.getByRole('form', { name: 'Enquiry to Ravi Kumar' })).toBeTruthy();
  });

  it('says not found for a broker who is not approved', async () => {
    renderApp('/broker-info/8', { '/api/broker/8': errorResponse(404, 'Broker not found') });
    expect(await screen.findByText('We couldn’t find that broker')).toBeTruthy();
  });
});
