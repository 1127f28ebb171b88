/**
 * The markup a bot reply may carry (spec §3 'Chat message': text that may contain markup). The contract allows
 * `**bold**`; `<b>`/`<strong>` and `<br>` are read too. Server text is never handed to innerHTML: it is parsed into
 * plain runs that React renders as text, so any other tag shows as the characters it is.
 */
export interface MarkupRun {
  text: string;
  bold: boolean;
}

const TOKEN = /\*\*([\s\S]+?)\*\*|<(b|strong)>([\s\S]*?)<\/\2>|<br\s*\/?>/gi;

/** True when the text has bold markup (spec §4: such a reply waits 1.5 s before typing). */
export function hasBoldMarkup(text: string): boolean {
  return /\*\*[\s\S]+?\*\*|<(b|strong)>[\s\S]*?<\/\1>/i.test(text);
}

export function parseMarkup(text: string): MarkupRun[] {
  const runs: MarkupRun[] = [];
  const push = (value: string, bold: boolean) => {
    if (!value) return;
    const last = runs.at(-1);
    if (last && last.bold === bold) last.text += value;
    else runs.push({ text: value, bold });
  };
  let at = 0;
  for (const match of text.matchAll(TOKEN)) {
    push(text.slice(at, match.index), false);
    if (match[1] !== undefined) push(match[1], true);
    else if (match[3] !== undefined) push(match[3], true);
    else push('\n', false);
    at = match.index + match[0].length;
  }
  push(text.slice(at), false);
  return runs;
}

/** How many characters a person sees: what the per-character typing counts. */
export function visibleLength(runs: readonly MarkupRun[]): number {
  return runs.reduce((sum, run) => sum + [...run.text].length, 0);
}

/** The first `count` visible characters, keeping each run's weight (the text typed so far). */
export function takeVisible(runs: readonly MarkupRun[], count: number): MarkupRun[] {
  const out: MarkupRun[] = [];
  let left = count;
  for (const run of runs) {
    if (left <= 0) break;
    const chars = [...run.text];
    out.push({ text: chars.slice(0, left).join(''), bold: run.bold });
    left -= chars.length;
  }
  return out;
}

/** The text without markup, for the screen-reader announcement and tests. */
export function plainText(text: string): string {
  return parseMarkup(text)
    .map((run) => run.text)
    .join('');
}
