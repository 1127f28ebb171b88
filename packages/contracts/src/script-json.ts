/**
 * JSON that can sit inside a `<script>` element (JSON-LD in a page's head, the server render's state blocks):
 * JSON.stringify leaves '<' alone, so a value holding '</script>' or '<!--' would end or break the script; \u003c keeps
 * the same JSON value. '>' and '&' go the same way, and U+2028/2029 are escaped for parsers that read the script as
 * JavaScript. No zod here: the web app's server bundle and first load import it.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
