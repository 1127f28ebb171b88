import { parseMarkup, takeVisible } from '../lib/bot-markup';

interface BotTextProps {
  text: string;
  /** Visible characters typed so far; the whole text when absent. */
  typed?: number;
}

/** A bot reply's text with its bold runs as elements: server text is never HTML. */
export function BotText({ text, typed }: BotTextProps) {
  const runs = parseMarkup(text);
  const shown = typed === undefined ? runs : takeVisible(runs, typed);
  return (
    <span className="whitespace-pre-line">
      {shown.map((run, index) =>
        run.bold ? (
          <strong key={index} className="font-semibold text-slate-950">
            {run.text}
          </strong>
        ) : (
          <span key={index}>{run.text}</span>
        ),
      )}
    </span>
  );
}
