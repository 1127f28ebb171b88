import { useEffect, useRef } from 'react';
import { SITE_TITLE } from '@nivaas/contracts/site-routes';
import { useLocation } from 'react-router';

/**
 * Issue 15: the server writes the landing page's head into the HTML (title, description, canonical, Open Graph,
 * JSON-LD), each tag marked data-page-head. They describe that page only: once the visitor moves to another page in
 * the browser they would be wrong, so they go, and the server's title falls back to the site's (a page's own <title>,
 * which React places before it, still wins).
 */
export function ServerHead() {
  const { pathname } = useLocation();
  const landedOn = useRef(pathname);
  useEffect(() => {
    if (pathname === landedOn.current) return;
    landedOn.current = '';
    for (const element of document.head.querySelectorAll('[data-page-head]')) {
      if (element.tagName === 'TITLE') {
        element.textContent = SITE_TITLE;
        element.removeAttribute('data-page-head');
      } else {
        element.remove();
      }
    }
  }, [pathname]);
  return null;
}
