// The page paths live in the contracts (one implementation, shared with the server's head and sitemap: issue 15).
export { blogPath } from '@nivaas/contracts/project-path';
