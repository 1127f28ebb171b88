import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { Logo } from '../../../components/logo';

const PANELS = {
  broker: {
    kicker: 'For brokers',
    headline: 'Your listings, your leads, one dashboard.',
    promises: [
      'Upload properties and switch approved ones live',
      'See every lead on your listings in one place',
      'Reach buyers across India, prices in rupees',
    ],
  },
  // Issue 17: an owner posting their own property signs in with a passcode, no broker account.
  owner: {
    kicker: 'For owners',
    headline: 'Post your property in a few minutes.',
    promises: [
      'Sign in with a one-time passcode: no password, no broker account',
      'Our team checks each listing before it goes live',
      'Switch it on once approved, and see who asked about it',
    ],
  },
} as const;

interface AuthShellProps {
  /** The page's h1. */
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other account screens. */
  footer?: ReactNode;
  /** Whom the wide screen's brand panel speaks to; brokers unless an owner is signing in to post a property. */
  audience?: keyof typeof PANELS;
}

/**
 * The frame of the broker account screens (/login, /registration, /forgot-password, /reset-password). spec §2
 * 'Layout' gives them no navbar, so the logo here is the way home; on a wide screen a brand panel says what a
 * broker account (or, for an owner signing in to post a property, the owner's sign-in) is for.
 */
export function AuthShell({ title, subtitle, children, footer, audience = 'broker' }: AuthShellProps) {
  const panel = PANELS[audience];
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-brand-900 px-12 py-12 text-white lg:flex lg:flex-col">
        <Link to="/" aria-label="Nivaas home" className="on-dark self-start rounded-lg">
          <Logo tone="light" />
        </Link>
        <div className="mt-auto mb-auto max-w-md pt-16">
          <p className="text-sm font-semibold tracking-wide text-amber-300 uppercase">{panel.kicker}</p>
          <p className="mt-3 text-3xl leading-tight font-extrabold tracking-tight text-balance">{panel.headline}</p>
          <ul className="mt-8 space-y-4 text-brand-100">
            {panel.promises.map((line) => (
              <li key={line} className="flex items-start gap-3">
                <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-brand-700 text-amber-300">
                  <CheckIcon width={14} height={14} />
                </span>
                {line}
              </li>
            ))}
          </ul>
        </div>
        {/* Decoration only: two soft rings behind the copy. */}
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -bottom-24 size-80 rounded-full border-[3rem] border-brand-800/70" />
        <div aria-hidden="true" className="pointer-events-none absolute -top-16 right-16 size-40 rounded-full border-[1.5rem] border-brand-800/50" />
      </aside>

      <div className="flex min-h-dvh flex-col px-4 py-6 sm:px-8 lg:py-12">
        <Link to="/" aria-label="Nivaas home" className="self-start rounded-lg lg:hidden">
          <Logo />
        </Link>
        <div className="mx-auto my-auto w-full max-w-md pt-8 pb-4 lg:pt-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{title}</h1>
          {subtitle && <div className="mt-2 text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
          {footer && <div className="mt-8 space-y-3 text-sm text-slate-600">{footer}</div>}
        </div>
      </div>
    </div>
  );
}
