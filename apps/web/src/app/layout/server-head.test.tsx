import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_TITLE } from '@nivaas/contracts/site-routes';
import { ServerHead } from './server-head';

const SERVER_HEAD = `<title data-page-head>Green Acres | Nivaas</title>
<meta data-page-head name="description" content="Green Acres in Whitefield." />
<link data-page-head rel="canonical" href="https://www.nivaas.test/properties/a/b/c/green-acres/1" />
<script data-page-head type="application/ld+json">{}</script>`;

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the head the server wrote', () => {
  it('stays on the page it describes and goes when the visitor navigates in the browser', async () => {
    document.head.innerHTML = SERVER_HEAD;
    const router = createMemoryRouter([{ path: '*', element: <ServerHead /> }], { initialEntries: ['/properties/a/b/c/green-acres/1'] });
    render(<RouterProvider router={router} />);
    expect(document.head.querySelectorAll('[data-page-head]')).toHaveLength(4);
    expect(document.title).toBe('Green Acres | Nivaas');

    await act(() => router.navigate('/about'));
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')).toBeNull();
    expect(document.head.querySelector('script')).toBeNull();
    expect(document.title).toBe(SITE_TITLE);
  });
});
