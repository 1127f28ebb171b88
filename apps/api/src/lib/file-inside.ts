import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * The path-traversal guard of the static file routes (plugins/web.ts, plugins/remotes.ts): the file inside `root`
 * that a request's wildcard path names, as a path relative to `root`, or undefined when it names nothing there (a
 * folder, a missing file, the root itself). `root` must be absolute (path.resolve it once at start).
 *
 * The path is normalised as an absolute URL path first, so `..` can climb no higher than `root`; `%2e%2e` reaching
 * here is a literal name (the router has already decoded the path once). A file that is a symbolic link is
 * followed: the roots are our own build output, which no request can write to.
 */
export function fileInside(root: string, urlPath: string): string | undefined {
  const relative = path.posix.normalize(`/${urlPath}`).slice(1);
  if (relative === '') return undefined;
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(root + path.sep)) return undefined;
  try {
    return statSync(absolute).isFile() ? relative : undefined;
  } catch {
    return undefined;
  }
}
