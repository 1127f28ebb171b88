/**
 * Every section of the provider console (issue 14: ~12 of them), in the groups of the menu. To add one: import its
 * screen and add an entry here; the menu (components/console-nav.tsx), the routes and the not-found page's links
 * all read this list, so nothing else changes.
 *
 *   { group: 'Content', label: 'Blogs', path: '/blogs', routes: () => (
 *       <>
 *         <Route path="blogs" element={<BlogsList />} />
 *         <Route path="blogs/:id" element={<BlogEditor />} />
 *       </>
 *     ) },
 *
 * `path` is below the console's base ('' is the console's root). Route paths inside `routes` are relative to the
 * base too. A section is marked current on its sub-pages (/builders/12) unless `exact` is set.
 */
import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { AnalyticsOverview } from './features/analytics/analytics-overview';
import { BrokerFigures } from './features/analytics/broker-figures';
import { ProjectFunnel } from './features/analytics/project-funnel';
import { AuditLog } from './features/audit-log';
import { BrokersQueue } from './features/brokers-queue';
import { BuilderEditor, BuildersList } from './features/catalogue/builders-section';
import { PlacesSection } from './features/catalogue/places-section';
import { ProjectEditor, ProjectsList } from './features/catalogue/projects-section';
import { BANNERS, BLOGS, CONSTRUCTION_PROJECTS, CONTRACTORS, contentRoutes, FAQS } from './features/content/content-sections';
import { ListingsQueue } from './features/listings-queue';
import { BrokerAccountsSection, ReviewsSection, UsersSection } from './features/people/people-sections';
import { ProjectImport } from './features/people/project-import';

export const SECTION_GROUPS = ['Moderation', 'Catalogue', 'Content', 'Construction', 'People', 'Insights'] as const;
export type SectionGroup = (typeof SECTION_GROUPS)[number];

export interface ConsoleSection {
  group: SectionGroup;
  label: string;
  path: string;
  exact?: boolean;
  routes: (basePath: string) => ReactNode;
}

export const SECTIONS: ConsoleSection[] = [
  { group: 'Moderation', label: 'Listings', path: '', exact: true, routes: () => <Route index element={<ListingsQueue />} /> },
  { group: 'Moderation', label: 'Brokers', path: '/brokers', exact: true, routes: () => <Route path="brokers" element={<BrokersQueue />} /> },
  {
    group: 'Catalogue',
    label: 'Projects',
    path: '/projects',
    routes: () => (
      <>
        <Route path="projects" element={<ProjectsList />} />
        <Route path="projects/:id" element={<ProjectEditor />} />
      </>
    ),
  },
  {
    group: 'Catalogue',
    label: 'Builders',
    path: '/builders',
    routes: () => (
      <>
        <Route path="builders" element={<BuildersList />} />
        <Route path="builders/:id" element={<BuilderEditor />} />
      </>
    ),
  },
  { group: 'Catalogue', label: 'Places', path: '/places', routes: () => <Route path="places" element={<PlacesSection />} /> },
  // Issue 14 part 3: the bulk import, reviews, broker suspension, user blocks (features/people).
  { group: 'Catalogue', label: 'Import projects', path: '/import', routes: () => <Route path="import" element={<ProjectImport />} /> },
  { group: 'Moderation', label: 'Reviews', path: '/reviews', routes: () => <Route path="reviews" element={<ReviewsSection />} /> },
  { group: 'People', label: 'Broker accounts', path: '/broker-accounts', routes: () => <Route path="broker-accounts" element={<BrokerAccountsSection />} /> },
  { group: 'People', label: 'Users', path: '/users', routes: () => <Route path="users" element={<UsersSection />} /> },
  // Issue 14 part 2: content and construction records (features/content).
  { group: 'Content', label: 'Banners', path: '/banners', routes: () => contentRoutes('banners', BANNERS) },
  { group: 'Content', label: 'Blogs', path: '/blogs', routes: () => contentRoutes('blogs', BLOGS) },
  { group: 'Content', label: 'FAQs', path: '/faqs', routes: () => contentRoutes('faqs', FAQS) },
  { group: 'Construction', label: 'Construction projects', path: '/construction', routes: () => contentRoutes('construction', CONSTRUCTION_PROJECTS) },
  { group: 'Construction', label: 'Contractors', path: '/contractors', routes: () => contentRoutes('contractors', CONTRACTORS) },
  {
    group: 'Insights',
    label: 'Analytics',
    path: '/analytics',
    routes: (basePath) => (
      <>
        <Route path="analytics" element={<AnalyticsOverview basePath={basePath} />} />
        <Route path="analytics/projects/:id" element={<ProjectFunnel basePath={basePath} />} />
        <Route path="analytics/brokers" element={<BrokerFigures basePath={basePath} />} />
        <Route path="analytics/brokers/:id" element={<BrokerFigures basePath={basePath} />} />
      </>
    ),
  },
  { group: 'Insights', label: 'Audit log', path: '/audit', routes: () => <Route path="audit" element={<AuditLog />} /> },
];
