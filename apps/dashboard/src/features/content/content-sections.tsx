import {
  AdminBannerListResponseSchema,
  AdminBannerResponseSchema,
  AdminBlogListResponseSchema,
  AdminBlogResponseSchema,
  AdminConstructionProjectListResponseSchema,
  AdminConstructionProjectResponseSchema,
  AdminContractorListResponseSchema,
  AdminContractorResponseSchema,
  AdminFaqListResponseSchema,
  AdminFaqResponseSchema,
  type AdminBanner,
  type AdminBlog,
  type AdminConstructionProject,
  type AdminContractor,
  type AdminFaq,
  BannerCreateSchema,
  BannerPatchSchema,
  BlogCreateSchema,
  BlogPatchSchema,
  ConstructionProjectCreateSchema,
  ConstructionProjectPatchSchema,
  ContractorCreateSchema,
  ContractorPatchSchema,
  FaqCreateSchema,
  FaqPatchSchema,
} from '@nivaas/contracts/content-admin.schema';
import { pathSegment } from '@nivaas/contracts/project-path';
import { Route } from 'react-router';
import { listCities, PICKER_LIMIT, pickCities } from '../../lib/catalogue-admin-api';
import { contentApi } from '../../lib/content-admin-api';
import { ContentEditor, type ContentItem, type ContentKind, ContentList, type RecordLookup } from './content-records';

/** Issue 14 (part 2): each content record kind of the console, described once. */

const short = (text: string | null, length = 60) => (text && text.length > length ? `${text.slice(0, length - 1)}…` : (text ?? '—'));

/** A city picked by name; a saved id's name from the cities list searched by it (the list matches a number against the id). */
const CITY: RecordLookup = {
  search: pickCities,
  nameOf: async (api, id) => (await listCities(api, { q: String(id), limit: 100 })).items.find((city) => city.id === id)?.name ?? null,
};

const contractorCalls = contentApi({ path: 'construction/contractors', page: AdminContractorListResponseSchema, item: AdminContractorResponseSchema });

/** A contractor picked by company name, in any state (a draft contractor's projects can be prepared alongside). */
const CONTRACTOR: RecordLookup = {
  search: async (api, q) =>
    (await contractorCalls.list(api, { q, limit: PICKER_LIMIT })).items.map((contractor) => ({ id: contractor.id, label: contractor.companyName, detail: contractor.isPublic ? 'On the site' : `${contractor.status}, ${contractor.approval}` })),
  nameOf: async (api, id) => (await contractorCalls.get(api, id)).item.companyName,
};

export const BANNERS: ContentKind<AdminBanner> = {
  title: 'Banners',
  noun: 'banner',
  entityKind: 'banner',
  calls: contentApi({ path: 'banners', page: AdminBannerListResponseSchema, item: AdminBannerResponseSchema }),
  create: BannerCreateSchema,
  patch: BannerPatchSchema,
  fields: [
    { name: 'title', label: 'Title', required: true },
    { name: 'subtitle', label: 'Subtitle', nullable: true },
    { name: 'link', label: 'Link', hint: 'A page of this site (/city/…) or an https:// address', nullable: true },
    { name: 'position', label: 'Position', kind: 'number', hint: 'Carousel order, lowest first' },
  ],
  columns: [
    { header: 'Title', cell: (banner) => banner.title, primary: true },
    { header: 'Position', cell: (banner) => String(banner.position), wide: true },
    { header: 'Picture', cell: (banner) => (banner.imageUrl ? 'Yes' : 'Missing'), wide: true },
  ],
  searchPlaceholder: 'Title, subtitle or id',
  nameOf: (banner) => banner.title,
  photo: { segment: 'image', label: 'Banner picture', urlOf: (banner) => banner.imageUrl || null },
  // Banners are the home page's carousel.
  publicPath: () => '/',
};

export const BLOGS: ContentKind<AdminBlog> = {
  title: 'Blogs',
  noun: 'blog',
  entityKind: 'blog',
  calls: contentApi({ path: 'blogs', page: AdminBlogListResponseSchema, item: AdminBlogResponseSchema }),
  create: BlogCreateSchema,
  patch: BlogPatchSchema,
  fields: [
    { name: 'title', label: 'Title', required: true, wide: true },
    { name: 'authorName', label: 'Author', nullable: true },
    { name: 'slug', label: 'Slug', hint: 'Made from the title when left blank; kept when the title changes' },
    { name: 'excerpt', label: 'Excerpt', kind: 'textarea', nullable: true },
    { name: 'body', label: 'Body', kind: 'textarea', required: true, wide: true, hint: 'Paragraphs separated by a blank line' },
  ],
  columns: [
    { header: 'Title', cell: (blog) => blog.title, primary: true },
    { header: 'Author', cell: (blog) => blog.authorName ?? '—', wide: true },
    { header: 'Published', cell: (blog) => (blog.publishedAt ? new Date(blog.publishedAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' }) : 'Not yet'), wide: true },
  ],
  searchPlaceholder: 'Title, author, slug or id',
  nameOf: (blog) => blog.title,
  photo: { segment: 'cover', label: 'Cover photo', urlOf: (blog) => blog.coverUrl },
  publicPath: (blog) => `/blog/${pathSegment(blog.slug || blog.title)}/${blog.id}`,
};

export const FAQS: ContentKind<AdminFaq> = {
  title: 'FAQs',
  noun: 'FAQ',
  entityKind: 'faq',
  calls: contentApi({ path: 'faqs', page: AdminFaqListResponseSchema, item: AdminFaqResponseSchema }),
  create: FaqCreateSchema,
  patch: FaqPatchSchema,
  fields: [
    { name: 'question', label: 'Question', required: true, wide: true },
    { name: 'answer', label: 'Answer', kind: 'textarea', required: true },
    { name: 'associatedWith', label: 'Page', required: true, hint: 'The page that shows it: contact_faqs for Contact us' },
    { name: 'position', label: 'Position', kind: 'number', hint: 'Order on the page, lowest first' },
  ],
  columns: [
    { header: 'Question', cell: (faq) => short(faq.question, 80), primary: true },
    { header: 'Page', cell: (faq) => faq.associatedWith, wide: true },
    { header: 'Position', cell: (faq) => String(faq.position), wide: true },
  ],
  searchPlaceholder: 'Question, answer, page or id',
  nameOf: (faq) => faq.question,
  publicPath: () => '/contact-us',
};

export const CONSTRUCTION_PROJECTS: ContentKind<AdminConstructionProject> = {
  title: 'Construction projects',
  noun: 'construction project',
  entityKind: 'construction_project',
  calls: contentApi({ path: 'construction/projects', page: AdminConstructionProjectListResponseSchema, item: AdminConstructionProjectResponseSchema }),
  create: ConstructionProjectCreateSchema,
  patch: ConstructionProjectPatchSchema,
  fields: [
    { name: 'name', label: 'Name', required: true, wide: true },
    { name: 'tag', label: 'Tag', hint: 'Residential, Commercial, Interior, Renovation or Villa', nullable: true },
    { name: 'contractorId', label: 'Contractor', kind: 'record', picker: CONTRACTOR, nullable: true, hint: 'Type part of the company name; blank for none' },
    { name: 'cityId', label: 'City', kind: 'record', picker: CITY, nullable: true, hint: 'Type part of the city name; blank for none' },
    { name: 'description', label: 'Description', kind: 'textarea', nullable: true },
  ],
  columns: [
    { header: 'Name', cell: (project) => project.name, primary: true },
    { header: 'Tag', cell: (project) => project.tag ?? '—', wide: true },
    { header: 'Contractor', cell: (project) => (project.contractorId === null ? '—' : `#${project.contractorId}`), wide: true },
  ],
  searchPlaceholder: 'Name, tag, description or id',
  nameOf: (project) => project.name,
  photo: { segment: 'image', label: 'Project photo', urlOf: (project) => project.imageUrl },
  publicPath: () => '/construction',
};

export const CONTRACTORS: ContentKind<AdminContractor> = {
  title: 'Contractors',
  noun: 'contractor',
  entityKind: 'contractor',
  calls: contractorCalls,
  create: ContractorCreateSchema,
  patch: ContractorPatchSchema,
  fields: [
    { name: 'companyName', label: 'Company name', required: true, wide: true },
    { name: 'slug', label: 'Slug', hint: 'Made from the company name when left blank' },
    { name: 'services', label: 'Services', kind: 'list', nullable: true, hint: 'Comma-separated: Civil work, Interiors' },
    { name: 'phone', label: 'Phone', nullable: true, hint: 'Private: enquiries go through the portal' },
    { name: 'email', label: 'E-mail', nullable: true },
    { name: 'rating', label: 'Rating', kind: 'number', nullable: true, hint: '0 to 5, one decimal' },
    { name: 'yearsInBusiness', label: 'Years in business', kind: 'number', nullable: true },
    { name: 'cityId', label: 'City', kind: 'record', picker: CITY, nullable: true, hint: 'Type part of the city name; blank for none' },
    { name: 'description', label: 'Description', kind: 'textarea', nullable: true },
  ],
  columns: [
    { header: 'Company', cell: (contractor) => contractor.companyName, primary: true },
    { header: 'Rating', cell: (contractor) => (contractor.rating === null ? '—' : contractor.rating.toFixed(1)), wide: true },
    { header: 'Services', cell: (contractor) => short(contractor.services.join(', '), 40), wide: true },
  ],
  searchPlaceholder: 'Company, slug, e-mail or id',
  nameOf: (contractor) => contractor.companyName,
  photo: { segment: 'logo', label: 'Logo', urlOf: (contractor) => contractor.logoUrl },
  publicPath: (contractor) => `/contractors/${pathSegment(contractor.slug || contractor.companyName)}/${contractor.id}`,
};

/**
 * The routes of one kind below the console's base: `<path>` (the table) and `<path>/:id` (the editor; 'new' creates).
 * Keyed by kind: going from one kind's table to another's must not keep the first one's rows under the second one's
 * columns (React would otherwise reuse the same component and render contractors' cells on construction projects).
 */
export function contentRoutes<T extends ContentItem>(path: string, kind: ContentKind<T>) {
  return (
    <>
      <Route path={path} element={<ContentList key={kind.entityKind} kind={kind} />} />
      <Route path={`${path}/:id`} element={<ContentEditor key={kind.entityKind} kind={kind} />} />
    </>
  );
}
