import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from '../../../components/icons';

interface HomeSectionProps {
  id: string;
  title: string;
  subtitle: string;
  /** 'View all' target, when the section is a preview of a longer list. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/**
 * The heading, subtitle and 'view all' link every home section shares.
 *
 * Issue 15: `content-visibility: auto` lets the browser skip the style, layout and paint of the sections below the
 * first screen (and the pictures in them) until the visitor scrolls near them; home is about 1,300 elements. The
 * intrinsic size keeps the page's height about right meanwhile (`auto`: the real one once it has been seen). The
 * containment it brings clips painting at the section's edge, so the clip margin leaves room for the cards' shadows
 * and the selected city's ring.
 */
export function HomeSection({ id, title, subtitle, more, children }: HomeSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-32 [contain-intrinsic-size:auto_28rem] [content-visibility:auto] [overflow-clip-margin:1rem] lg:scroll-mt-24"
    >
      <div className="mb-4 flex items-end justify-between gap-4 md:mb-6">
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="text-xl font-bold tracking-tight text-slate-900 md:text-2xl">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 md:text-base">{subtitle}</p>
        </div>
        {more && (
          <Link
            to={more.to}
            className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold whitespace-nowrap text-brand-700 hover:underline"
          >
            {more.label}
            <ArrowRightIcon width={16} height={16} />
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
