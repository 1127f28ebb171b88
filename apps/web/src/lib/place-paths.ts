// The page paths live in the contracts (one implementation, shared with the server's head and sitemap: issue 15).
export { cityPath, locationPath, zonePath } from '@nivaas/contracts/project-path';
