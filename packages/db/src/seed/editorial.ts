/** Blogs, FAQs and hero banners from data/content.ts, plus the construction-services directory. */
import type * as schema from '../schema';
import { BANNERS, BLOGS, FAQS } from './data/content';
import { CONSTRUCTION_TAGS, CONTRACTOR_SERVICES } from './data/names';
import { CONSTRUCTION_VARIANTS, mediaFile, mediaUrl } from './images';
import type { CityRef } from './places';
import { CONTRACTORS } from './roster';
import { daysBefore, fakePhone, randomFor, slugify } from './util';

export function buildBlogs(): (typeof schema.blogs.$inferInsert)[] {
  return BLOGS.map((blog, i) => {
    const createdAt = daysBefore(10 + i * 11, 150);
    const published = blog.status === 'active' && blog.approval === 'approved';
    return {
      id: i + 1,
      title: blog.title,
      slug: slugify(blog.title),
      excerpt: blog.excerpt,
      body: blog.body.join('\n\n'),
      coverUrl: mediaUrl(mediaFile.blogCover(i)),
      authorName: blog.author,
      status: blog.status,
      approval: blog.approval,
      publishedAt: published ? daysBefore(8 + i * 11, 60) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export function buildFaqs(): (typeof schema.faqs.$inferInsert)[] {
  // updated_at as created, so two seeded databases are identical (a default would stamp the moment of seeding).
  return FAQS.map((faq, i) => ({ id: i + 1, ...faq, position: i + 1, createdAt: daysBefore(300 - i), updatedAt: daysBefore(300 - i) }));
}

export function buildBanners(): (typeof schema.banners.$inferInsert)[] {
  return BANNERS.map((banner, i) => ({
    id: i + 1,
    title: banner.title,
    subtitle: banner.subtitle,
    imageUrl: mediaUrl(mediaFile.banner(i)),
    link: banner.link,
    approval: banner.approval,
    position: i + 1,
    createdAt: daysBefore(200 - i * 7),
    updatedAt: daysBefore(200 - i * 7),
  }));
}

export interface Construction {
  contractors: (typeof schema.contractors.$inferInsert)[];
  projects: (typeof schema.constructionProjects.$inferInsert)[];
}

const CONSTRUCTION_JOBS: Record<(typeof CONSTRUCTION_TAGS)[number], readonly string[]> = {
  Residential: ['G+2 Independent House', 'G+1 Duplex Home', 'Rental Floors (G+3)', 'Farmhouse'],
  Commercial: ['Showroom Fit-out', 'Office Floor', 'Clinic Building', 'Warehouse Shed'],
  Interior: ['3 BHK Interior Fit-out', 'Modular Kitchen and Wardrobes', '2 BHK Full Interiors', 'Penthouse Interiors'],
  Renovation: ['Terrace Waterproofing', 'Bathroom Remodel', '30-year-old Flat Renovation', 'Facade Repainting'],
  Villa: ['4 BHK Villa Construction', 'Villa with Courtyard', 'Row Villa Cluster', 'Weekend Villa'],
};

export function buildConstruction(cities: readonly CityRef[]): Construction {
  const random = randomFor('construction');
  const contractors = CONTRACTORS.map((contractor, i) => {
    const city = random.weighted(cities.map((c) => [c, c.seed.share] as const));
    const services = random.sample(CONTRACTOR_SERVICES, random.int(2, 5));
    const years = random.int(3, 35);
    return {
      id: i + 1,
      companyName: contractor.name,
      slug: contractor.slug,
      services,
      cityId: city.id,
      phone: fakePhone(6, i + 1),
      email: `hello.${contractor.slug}@example.com`,
      rating: random.int(36, 49) / 10,
      yearsInBusiness: years,
      logoUrl: mediaUrl(mediaFile.contractorLogo(contractor.slug)),
      description: `${contractor.name} has worked in ${city.seed.name} for ${years} years: ${services.join(', ').toLowerCase()}. Fixed-price quotes, weekly site photos and a one-year workmanship warranty.`,
      approval: i >= CONTRACTORS.length - 2 ? ('rejected' as const) : i >= CONTRACTORS.length - 5 ? ('pending' as const) : ('approved' as const),
      createdAt: daysBefore(random.int(60, 700)),
      cityRef: city,
    };
  });
  const approved = contractors.filter((c) => c.approval === 'approved');
  const projects = Array.from({ length: 42 }, (_, i) => {
    const tag = CONSTRUCTION_TAGS[i % CONSTRUCTION_TAGS.length] as (typeof CONSTRUCTION_TAGS)[number];
    const contractor = random.pick(approved);
    const location = random.pick(contractor.cityRef.locations);
    const job = random.pick(CONSTRUCTION_JOBS[tag]);
    return {
      id: i + 1,
      name: `${job}, ${location.name}`,
      tag,
      description: `${job} in ${location.name}, ${contractor.cityRef.seed.name}, built by ${contractor.companyName} in ${random.int(4, 18)} months.`,
      cityId: contractor.cityId,
      imageUrl: mediaUrl(mediaFile.construction(random.int(0, CONSTRUCTION_VARIANTS - 1))),
      contractorId: contractor.id,
      status: random.chance(0.88) ? ('active' as const) : ('inactive' as const),
      // The provider's review (issue 14) came after these were published.
      approval: 'approved' as const,
      createdAt: daysBefore(random.int(5, 600)),
    };
  });
  // updated_at as created, so two seeded databases are identical (a default would stamp the moment of seeding).
  return {
    contractors: contractors.map(({ cityRef: _cityRef, ...row }) => ({ ...row, updatedAt: row.createdAt })),
    projects: projects.map((row) => ({ ...row, updatedAt: row.createdAt })),
  };
}
