/**
 * Decision 041: a server-rendered page is whole without its scripts, which only hydrate it, so they are asked for once
 * the first screen has painted: after the page's largest picture (`fetchpriority="high"`) has arrived, or at once when
 * there is none, and then after the next paint. Before this, some 30 scripts (about 220 kB) were fetched alongside the
 * first screen; Lighthouse's estimate of the largest paint counts every request finished before that paint, and a
 * phone's few connections carried them too. The web plugin (apps/api plugins/web.ts) writes this script's tag, with
 * the app's entry and the chunks it will import in its data attributes. Small and without imports: it is the one
 * script the first screen waits on.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-app-entry]');
/** A picture still loading after this long (a very slow network) no longer holds the page's scripts back. */
const PICTURE_WAIT_MS = 2500;

let started = false;
function start(): void {
  const entry = tag?.dataset['appEntry'];
  if (started || !entry) return;
  started = true;
  for (const href of (tag?.dataset['appPreload'] ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

/** A frame callback runs just before the browser paints; a task queued from it runs after that paint. */
function afterNextPaint(): void {
  requestAnimationFrame(() => setTimeout(start, 0));
}

const picture = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
if (picture && !picture.complete) {
  picture.addEventListener('load', afterNextPaint, { once: true });
  picture.addEventListener('error', afterNextPaint, { once: true });
  setTimeout(afterNextPaint, PICTURE_WAIT_MS);
} else {
  afterNextPaint();
}
// A page opened in a background tab gets no frames until it is shown; it hydrates anyway.
setTimeout(start, PICTURE_WAIT_MS + 1000);
