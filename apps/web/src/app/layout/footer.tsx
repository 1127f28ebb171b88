import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { FacebookIcon, InstagramIcon, TwitterIcon, YouTubeIcon } from '../../components/icons';
import { Logo } from '../../components/logo';
import { PrivacyChoices } from '../../components/privacy-choices';

/** spec §2 'Footer': exactly these links, in this order. */
export const COMPANY_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-conditions', label: 'Terms And Conditions' },
  { to: '/blog', label: 'Blogs' },
] as const;

/** Beyond the spec's list: the catalogue's browse pages, so every open route is a tap from any page. */
export const EXPLORE_LINKS = [
  { to: '/developers', label: 'Developers' },
  { to: '/brokers', label: 'Brokers' },
  { to: '/construction', label: 'Construction' },
  { to: '/contractors', label: 'Contractors' },
  { to: '/mortage-calculator', label: 'EMI Calculator' },
] as const;

interface SocialLink {
  name: string;
  href: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { name: 'Facebook', href: 'https://www.facebook.com/nivaas', Icon: FacebookIcon },
  { name: 'Instagram', href: 'https://www.instagram.com/nivaas', Icon: InstagramIcon },
  { name: 'Twitter', href: 'https://twitter.com/nivaas', Icon: TwitterIcon },
  { name: 'YouTube', href: 'https://www.youtube.com/@nivaas', Icon: YouTubeIcon },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="on-dark bg-brand-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[1.4fr_1fr_1fr] md:py-14 lg:px-8">
        <div>
          <Link to="/" aria-label="Nivaas home" className="inline-block rounded-lg">
            <Logo tone="light" />
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-6 text-slate-300">
            New projects, ready-to-move homes and plots across India, with the builder named and prices in rupees.
          </p>
          <ul className="mt-6 flex gap-3" aria-label="Nivaas on social media">
            {SOCIAL_LINKS.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${name} (opens in a new tab)`}
                  className="grid size-10 place-items-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                >
                  <Icon width={18} height={18} />
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterLinks id="footer-company-heading" title="Company & Resources" links={COMPANY_LINKS} />
        <FooterLinks id="footer-explore-heading" title="Explore" links={EXPLORE_LINKS} />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between lg:px-8">
          <div className="flex flex-col gap-2">
            <p>© {year} Nivaas. All rights reserved.</p>
            <PrivacyChoices />
          </div>
          <p>All prices are in Indian rupees (₹) and are as published by builders, brokers and owners.</p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-1">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to} className="rounded text-slate-300 transition-colors hover:text-white hover:underline">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
