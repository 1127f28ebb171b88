import { options, type VNode } from 'preact';
import { useLayoutEffect } from 'react';

/**
 * Decision 045: pages name themselves with `<title>` and `<meta>` in their JSX, which React 19 moved into the
 * document's head. Preact renders elements where they stand, so this hook on every vnode turns those two tags into
 * `HeadTag`, which puts its own element first in <head> while the page is shown and takes it away after. The server
 * renders nothing for them: the API writes the landing page's head itself (modules/pages, `data-page-head`).
 */
type HeadTagName = 'title' | 'meta';
type HeadTagProps = { tag: HeadTagName; attributes: Record<string, unknown> };

function textOf(children: unknown): string {
  if (Array.isArray(children)) return children.map(textOf).join('');
  return typeof children === 'string' || typeof children === 'number' ? String(children) : '';
}

function HeadTag({ tag, attributes }: HeadTagProps): null {
  const { children, ...rest } = attributes;
  const text = tag === 'title' ? textOf(children) : '';
  const key = JSON.stringify(rest) + text;
  useLayoutEffect(() => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(rest)) {
      if (typeof value === 'string' || typeof value === 'number') element.setAttribute(name, String(value));
    }
    if (tag === 'title') element.textContent = text;
    // First in the head: the document's title is its first <title>, and a reader of meta tags takes the first match.
    document.head.prepend(element);
    return () => element.remove();
    // `key` stands for the tag's attributes and text: a change puts a new element in place of the old one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}

const HEAD_TAGS = new Set<unknown>(['title', 'meta']);
const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  if (HEAD_TAGS.has(vnode.type)) {
    const tag = vnode.type as HeadTagName;
    const headVnode = vnode as unknown as { type: typeof HeadTag; props: HeadTagProps };
    headVnode.props = { tag, attributes: vnode.props as Record<string, unknown> };
    headVnode.type = HeadTag;
  }
  previousVnodeHook?.(vnode);
};
