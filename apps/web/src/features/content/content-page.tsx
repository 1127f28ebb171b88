import type { ReactNode } from 'react';

interface ContentPageProps {
  eyebrow: string;
  title: string;
  /** Shown under the title, e.g. the date the text last changed. */
  lead: ReactNode;
  description: string;
  children: ReactNode;
}

/** The frame of the long-form pages: a title band and readable measure of text. */
export function ContentPage({ eyebrow, title, lead, description, children }: ContentPageProps) {
  return (
    <article>
      <title>{`${title} | Nivaas`}</title>
      <meta name="description" content={description} />
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-10 md:py-14">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 md:text-4xl">{title}</h1>
          <div className="mt-3 text-slate-600">{lead}</div>
        </div>
      </header>
      <div className="prose-page mx-auto max-w-3xl px-4 py-10 md:py-12">{children}</div>
    </article>
  );
}
