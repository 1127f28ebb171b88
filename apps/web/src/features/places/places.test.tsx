import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createCity, createProject } from '../../test/factories';
import { errorResponse } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';

const summary = { average: 4.2, count: 5, distribution: { 1: 0, 2: 0, 3: 1, 4: 2, 5: 2 } };
const reviews = {
  success: true,
  reviews: [{ id: 1, ratingValue: 5, comment: 'Great schools and parks nearby.', authorName: 'Kavya', createdAt: '2026-09-01T10:00:00.000Z' }],
  summary,
  pagination: { page: 1, limit: 20, total: 1, hasMore: false },
};
const projects = {
  success: true,
  projects: [createProject({ name: 'Brigade Orchards' })],
  pagination: { page: 1, limit: 30, total: 1, hasMore: false },
};
const bengaluru = createCity({ id: 1, name: 'Bengaluru', city_Name: 'Bengaluru', projectsCount: 1234 });
const east = { id: 10, name: 'East Bengaluru' };

describe('city page', () => {
  it('shows the city, its zones and localities, projects and reviews with the distribution', async () => {
    const { api } = renderApp('/location-property/bengaluru/1', {
      '/api/city/1': { success: true, city: bengaluru },
      '/api/city/review/': reviews,
      '/api/project': projects,
      '/api/location': {
        success: true,
        locations: [
          { id: 3, name: 'Whitefield', slug: 'whitefield', city: { id: 1, name: 'Bengaluru' }, zone: east, projectCount: 40, listingCount: 5 },
        ],
        pagination: { page: 1, limit: 100, total: 1, hasMore: false },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Property in Bengaluru' })).toBeTruthy();
    expect((await screen.findByRole('link', { name: /East Bengaluru/ })).getAttribute('href')).toBe(
      '/location-property/bengaluru/east-bengaluru/10',
    );
    expect(screen.getByRole('link', { name: /Whitefield/ }).getAttribute('href')).toBe(
      '/actual-location/bengaluru/east-bengaluru/whitefield/3',
    );
    expect(await screen.findByRole('link', { name: 'Brigade Orchards' })).toBeTruthy();
    const reviewSection = await screen.findByRole('region', { name: 'Reviews of Bengaluru' });
    expect(await within(reviewSection).findByText('Great schools and parks nearby.')).toBeTruthy();
    expect(within(reviewSection).getByRole('img', { name: '4.2 out of 5 stars' })).toBeTruthy();
    const distribution = within(reviewSection).getByRole('table');
    expect(within(distribution).getByRole('row', { name: /4 ★/ }).textContent).toContain('2');
    expect(api.requests.find((url) => url.pathname === '/api/city/review/')?.searchParams.get('cityId')).toBe('1');
    expect(api.requests.find((url) => url.pathname === '/api/project')?.searchParams.get('cityId')).toBe('1');
  });

  it("says 'Failed to fetch city' with a retry", async () => {
    renderApp('/location-property/bengaluru/1', { '/api/city/1': errorResponse(500) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch city');
  });

  it("says 'Failed to fetch city reviews' when only the reviews fail", async () => {
    renderApp('/location-property/bengaluru/1', {
      '/api/city/1': { success: true, city: bengaluru },
      '/api/city/review/': errorResponse(500),
      '/api/project': projects,
      '/api/location': { success: true, locations: [], pagination: { page: 1, limit: 100, total: 0, hasMore: false } },
    });
    expect(await screen.findByText('Failed to fetch city reviews')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Property in Bengaluru' })).toBeTruthy();
  });
});

describe('zone page', () => {
  it('lists the zone’s localities, projects and reviews', async () => {
    const { api } = renderApp('/location-property/bengaluru/east-bengaluru/10', {
      '/api/zone/10': {
        success: true,
        zone: {
          ...east,
          slug: 'east-bengaluru',
          city: { id: 1, name: 'Bengaluru' },
          locations: [{ id: 3, name: 'Whitefield', slug: 'whitefield', projectCount: 40, listingCount: 5 }],
          projectCount: 40,
          listingCount: 5,
          priceRange: { min: 4_500_000, max: 32_000_000 },
          rating: summary,
        },
      },
      '/api/city/1': { success: true, city: bengaluru },
      '/api/zone/10/reviews': reviews,
      '/api/project': projects,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'East Bengaluru' })).toBeTruthy();
    expect(screen.getByText('₹ 45 L – 3.2 Cr')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Whitefield/ }).getAttribute('href')).toBe(
      '/actual-location/bengaluru/east-bengaluru/whitefield/3',
    );
    expect(await screen.findByText('Great schools and parks nearby.')).toBeTruthy();
    expect(api.requests.find((url) => url.pathname === '/api/project')?.searchParams.get('zoneId')).toBe('10');
  });

  it("says 'Failed to fetch Zone'", async () => {
    renderApp('/location-property/bengaluru/east-bengaluru/10', { '/api/zone/10': errorResponse(500) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch Zone');
  });
});

describe('location page', () => {
  it('shows the price range, reviews and a link to the results page', async () => {
    renderApp('/actual-location/bengaluru/east-bengaluru/whitefield/3', {
      '/api/location/3': {
        success: true,
        location: {
          id: 3,
          name: 'Whitefield',
          slug: 'whitefield',
          city: { id: 1, name: 'Bengaluru' },
          zone: east,
          projectCount: 40,
          listingCount: 5,
          lat: null,
          lng: null,
          priceRange: { min: 6_000_000, max: 25_000_000 },
          rating: summary,
        },
      },
      '/api/city/1': { success: true, city: bengaluru },
      '/api/location/3/reviews': reviews,
      '/api/project': projects,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Whitefield' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all properties in Whitefield' }).getAttribute('href')).toBe(
      '/property-detail-page?locationId=3',
    );
    expect(screen.getByText('₹ 60 L – 2.5 Cr')).toBeTruthy();
    expect(await screen.findByText('Great schools and parks nearby.')).toBeTruthy();
  });

  it("says 'Failed to featch loaction' (the spec's spelling)", async () => {
    renderApp('/actual-location/bengaluru/east-bengaluru/whitefield/3', { '/api/location/3': errorResponse(500) });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to featch loaction');
  });
});
