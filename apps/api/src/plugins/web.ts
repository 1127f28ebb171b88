import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { fileInside } from '../lib/file-inside';
import type { PageResolver } from '../lib/page-answer';

export interface WebPluginOptions {
  distDir: string;
  /** Issue 15: the status and head of each page (modules/pages); without it every page is the plain shell with 200. */
  resolvePage?: PageResolver;
}

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Decision 028: what the web app's server bundle (apps/web/src/entry-server.tsx, built to `{distDir}-ssr/`) exports.
 * Declared here rather than imported: the API never imports the web app's code, only loads its build at start.
 */
type ServerFetch = (request: Request) => Promise<Response>;
type RenderedPage =
  | { kind: 'rendered'; html: string; headTags: string; dataScripts: string; modules?: string[] }
  | { kind: 'skipped'; reason: string };
interface ServerRenderer {
  renderPage: (url: string, serverFetch: ServerFetch) => Promise<RenderedPage>;
}

function isServerRenderer(value: unknown): value is ServerRenderer {
  return typeof value === 'object' && value !== null && typeof (value as { renderPage?: unknown }).renderPage === 'function';
}

/**
 * Paths the SPA must never answer: they belong to the API, the media folder and the micro-frontend remotes
 * (plugins/remotes.ts), whose misses are 404 JSON.
 */
const SERVER_OWNED = /^(api|media|remotes)(\/|$)/;
/** Vite writes content-hashed bundles here, so a name never changes meaning: cache them for good. */
const HASHED_ASSETS = /^assets\//;
/** The shell's own title and description: a page's head replaces them, so the document has one of each. */
const SHELL_HEAD = [/<title>[\s\S]*?<\/title>\s*/i, /<meta\s+name="description"[^>]*>\s*/i];
/** Where the app renders; a server-rendered body goes inside it, the data blocks right after it. */
const ROOT_ELEMENT = /<div id="root"><\/div>/i;
/** "Needs JavaScript" is untrue of a server-rendered page, which reads well without it. */
const NOSCRIPT = /\s*<noscript>[\s\S]*?<\/noscript>/i;

/** The app's scripts in index.html's head: the entry and the chunks it imports (Vite's modulepreload links). */
const SCRIPT_TAGS = /[ \t]*(?:<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="modulepreload"[^>]*>)\s*/gi;

/**
 * index.html cut where a page's head goes, once at start-up: each answer is then a few concatenations. The template's
 * own title and description stay in the plain shell (the answer when no head could be made).
 *
 * Decision 032: the page's head (with its largest image's preload) goes before the app's scripts, and a rendered
 * page's own chunks right after them. In document order the browser asks for the stylesheet, the image the first screen
 * shows and then the scripts that only hydrate it, on a phone's few connections.
 */
interface ShellTemplate {
  plain: string;
  withHead: (head: string) => string;
  /**
   * Decision 028: the head, and the server-rendered app inside the root element; null when the shell has no root.
   * `scripts` are the page's script tags (pageScripts below): index.html's own are taken out of this template.
   */
  withPage: ((head: string, body: string, dataScripts: string, scripts: string) => string) | null;
  /** index.html's script and modulepreload tags, in order. */
  scriptTags: string[];
}

function shellTemplate(html: string): ShellTemplate {
  const stripped = SHELL_HEAD.reduce((text, pattern) => text.replace(pattern, ''), html);
  const at = stripped.search(/<\/head>/i);
  // A shell without a head element has nowhere to put one: it goes as it is.
  if (at < 0) return { plain: html, withHead: () => html, withPage: null, scriptTags: [] };
  const headPart = stripped.slice(0, at);
  const scriptTags = (headPart.match(SCRIPT_TAGS) ?? []).map((tag) => tag.trim());
  const scripts = scriptTags.map((tag) => `    ${tag}\n`).join('');
  const before = `${headPart.replace(SCRIPT_TAGS, '').trimEnd()}\n    `;
  const after = `\n${scripts}  ${stripped.slice(at)}`;
  const rendered = `\n  ${stripped.slice(at)}`.replace(NOSCRIPT, '');
  const root = rendered.match(ROOT_ELEMENT);
  const rootAt = root?.index;
  const closeHead = rendered.search(/<\/head>/i);
  const withPage =
    root === null || rootAt === undefined || closeHead < 0 || closeHead > rootAt
      ? null
      : (head: string, body: string, dataScripts: string, scripts: string) =>
          `${before}${head}${rendered.slice(0, closeHead)}${scripts}${rendered.slice(closeHead, rootAt)}<div id="root">${body}</div>${dataScripts}${rendered.slice(rootAt + root[0].length)}`;
  return { plain: html, withHead: (head) => `${before}${head}${after}`, withPage, scriptTags };
}

function lowPriority(tag: string): string {
  return tag.includes('fetchpriority=') ? tag : tag.replace(/^<(script|link)\b/, '<$1 fetchpriority="low"');
}

/** Vite's build manifest (`build.manifest`), the parts read here: each module's chunk and the chunks it imports. */
type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The chunk files of a rendered page's route modules and every chunk they import, in manifest order, once each. */
function routeChunks(manifest: BuildManifest, modules: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    const chunk = manifest[id];
    if (!chunk || seen.has(id)) return;
    seen.add(id);
    if (!files.includes(chunk.file)) files.push(chunk.file);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return files;
}

/** Decision 041: the manifest key of apps/web/src/boot.ts, the script that loads the app after the first paint. */
const BOOT_MODULE = 'src/boot.ts';

/**
 * The script tags of a rendered page, cached per route combination (a few dozen).
 *
 * Decision 041: with the boot script in the build, the page names that script alone; the app's entry and every chunk
 * it will need (index.html's modulepreloads and the page's route chunks) go in its data attributes, and it asks for
 * them once the first screen has painted. Without it (an older build, a stand-in), decision 032's tags: index.html's
 * scripts at low priority, then `<link rel="modulepreload">` for the page's route chunks, so the browser need not run
 * the entry to find them. Either way a chunk index.html already names is not repeated, and an unknown module adds
 * nothing.
 */
function pageScripts(manifest: BuildManifest | null, shell: ShellTemplate): (modules: readonly string[]) => string {
  const tags = shell.scriptTags;
  const entry = tags.map((tag) => /^<script\b[^>]*\bsrc="([^"]+)"/.exec(tag)?.[1]).find((src) => src !== undefined);
  const shellPreloads = tags.flatMap((tag) => /^<link\b[^>]*\bhref="([^"]+)"/.exec(tag)?.[1] ?? []);
  const named = new Set([entry, ...shellPreloads].map((url) => url?.replace(/^\//, '')));
  const boot = manifest?.[BOOT_MODULE]?.file;
  const cache = new Map<string, string>();
  return (modules) => {
    const key = modules.join('\n');
    const known = cache.get(key);
    if (known !== undefined) return known;
    const chunks = manifest ? routeChunks(manifest, modules).filter((file) => !named.has(file)) : [];
    let html: string;
    if (boot && entry) {
      const preload = [...shellPreloads, ...chunks.map((file) => `/${file}`)].join(' ');
      // Low priority like 032's scripts: a module script is High by default, which Lighthouse's model (and a phone's
      // few connections) would put in the first paint's path, although it never blocks one.
      html = `<script type="module" fetchpriority="low" crossorigin src="/${boot}" data-app-entry="${entry}" data-app-preload="${preload}"></script>`;
    } else {
      // A rendered page is painted without its scripts, which only hydrate it: they ask for low priority, so the
      // stylesheet and the first screen's image come first on a slow network.
      html =
        tags.map((tag) => `    ${lowPriority(tag)}\n`).join('') +
        chunks.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`).join('');
    }
    cache.set(key, html);
    return html;
  };
}

function readManifest(root: string, log: { warn: (details: object, message: string) => void }): BuildManifest | null {
  const file = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  } catch (error) {
    log.warn({ err: error, file }, 'could not read the web build manifest: pages are sent without their chunk preloads');
    return null;
  }
}

/** React's own preloads (the largest image), less those the page's head already has: one download each. */
function preloadsNotIn(head: string, preloads: string): string {
  return (preloads.match(/<link\b[^>]*>/g) ?? [])
    .filter((link) => {
      const href = /\bhref="([^"]*)"/.exec(link)?.[1];
      return href === undefined || !head.includes(`href="${href}"`);
    })
    .join('');
}

/** The web app's server bundle, when it was built; a bundle that fails to load leaves every page client-rendered. */
async function loadServerRenderer(entry: string, log: { warn: (details: object, message: string) => void }): Promise<ServerRenderer | null> {
  if (!existsSync(entry)) return null;
  try {
    const loaded: unknown = await import(pathToFileURL(entry).href);
    if (isServerRenderer(loaded)) return loaded;
    log.warn({ entry }, 'the web server bundle exports no renderPage: pages stay client-rendered');
  } catch (error) {
    log.warn({ err: error, entry }, 'could not load the web server bundle: pages stay client-rendered');
  }
  return null;
}

/**
 * Serves the built web app when it exists (spec §2 layout: the client router renders every route, its not-found page
 * included). A GET for a path that is not a file gets index.html with the page's status and head (issue 15: 404 for
 * an unknown path or record, 301 from a non-canonical address); /api and /media keep their JSON 404s. A missing hashed asset is a 404 too: answering HTML for a
 * stale script URL would only turn a clear 404 into a MIME-type error in the browser.
 */
const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { distDir, resolvePage }) => {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ distDir: root }, 'web app not built: serving the API only');
    return;
  }

  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  const shell = shellTemplate(indexHtml);
  const scriptsFor = pageScripts(readManifest(root, app.log), shell);
  // Decision 028: the build of apps/web/src/entry-server.tsx sits beside the browser build (dist -> dist-ssr).
  const renderer = shell.withPage ? await loadServerRenderer(path.join(`${root}-ssr`, 'entry-server.js'), app.log) : null;
  /**
   * The page's own API calls, answered by this process's router without a network hop (and through the public cache,
   * like any anonymous read). Only GETs are made while rendering; no cookie or token goes with them.
   */
  const serverFetch: ServerFetch = async (request) => {
    const url = new URL(request.url);
    const answer = await app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { accept: request.headers.get('accept') ?? 'application/json' },
    });
    const contentType = answer.headers['content-type'];
    const noBody = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(noBody ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };

  // serve: false, because the wildcard route below decides what each path means.
  await app.register(fastifyStatic, { root, serve: false, dotfiles: 'deny' });

  // Hidden from the OpenAPI document: these are the web app's pages and files, not API calls. A page's HTML depends only
  // on its URL and the public catalogue, so the public cache may keep it (only 200 string bodies are kept: files are
  // streams, and 404s and redirects are computed each time).
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true }, config: { publicCache: true } }, async (request, reply) => {
    const urlPath = request.params['*'];
    if (SERVER_OWNED.test(urlPath)) return reply.callNotFound();

    if (HASHED_ASSETS.test(urlPath)) return reply.sendFile(urlPath, { maxAge: ONE_YEAR_MS, immutable: true });

    const file = fileInside(root, urlPath);
    if (file && file !== 'index.html') return reply.sendFile(file, { maxAge: 0 });

    // index.html names the current hashed bundles, so the browser must revalidate it every time.
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!resolvePage) return reply.send(shell.plain);
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    try {
      const answer = await resolvePage(pathname, queryAt < 0 ? '' : request.url.slice(queryAt));
      if (answer.kind === 'redirect') return reply.redirect(answer.location, 301);
      if (renderer && answer.render && shell.withPage) {
        try {
          const page = await renderer.renderPage(request.url, serverFetch);
          if (page.kind === 'rendered') {
            const head = `${answer.head}${preloadsNotIn(answer.head, page.headTags)}`;
            return reply.code(answer.status).send(shell.withPage(head, page.html, page.dataScripts, scriptsFor(page.modules ?? [])));
          }
          request.log.info({ url: request.url, reason: page.reason }, 'page not server-rendered');
        } catch (error) {
          // Issue 15: a page that cannot be rendered here is still the app: the browser renders it, as before 028.
          request.log.error({ err: error, url: request.url }, 'could not render the page on the server: serving the shell');
          // no-store: the cache keeps the rendered page, not this stand-in (the next request tries to render again).
          reply.header('cache-control', 'no-store');
        }
      }
      return reply.code(answer.status).send(shell.withHead(answer.head));
    } catch (error) {
      // A page whose head cannot be made (the database away, a bug) is still the app: the client renders it.
      request.log.error({ err: error, url: request.url }, 'could not build the page head: serving the plain shell');
      // no-store: neither the public cache nor the browser keeps this stand-in for the page.
      return reply.header('cache-control', 'no-store').send(shell.plain);
    }
  });
};

export default webPlugin;
