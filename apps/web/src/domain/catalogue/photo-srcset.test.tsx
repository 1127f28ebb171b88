import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Gallery } from '../../features/project-details/components/gallery';
import { photoSrcSet } from '../../lib/card-photo';
import { createProject } from '../../test/factories';
import { renderInStore } from '../../test/render-app';
import { ProjectCard } from './project-card';

/**
 * Issue 15: an uploaded photo is stored at 1280 px and as a 480 px card variant; a phone's card and gallery ask for
 * the smaller one through srcset/sizes instead of downloading the full photo. Seed pictures have 480 and 640 px
 * files beside them (lib/seed-picture.ts); a picture that comes in one size keeps a plain src.
 */
const uploaded = { title: 'banner', url: '/media/uploads/listings/9/ab12.webp', cardUrl: '/media/uploads/listings/9/ab12-480.webp' };

describe('photo srcset (issue 15)', () => {
  beforeEach(() => {
    // A card's photo waits to be near the viewport; without an observer (as in a browser that has none) it renders.
    vi.stubGlobal('IntersectionObserver', undefined);
  });

  it("a project card offers the photo's 480 px variant with the card's rendered widths", () => {
    const project = createProject({ name: 'Aurum Heights', medias: [uploaded] });
    renderInStore(<ProjectCard project={project} />);
    const photo = screen.getByRole('img', { name: /Aurum Heights/ });
    expect(photo.getAttribute('src')).toBe(uploaded.url);
    expect(photo.getAttribute('srcset')).toBe(`${uploaded.cardUrl} 480w, ${uploaded.url} 1280w`);
    // Without sizes the browser assumes 100vw and takes the 1280 px photo for a card a third of a tablet wide.
    expect(photo.getAttribute('sizes')).toBe('(min-width: 1024px) 22rem, (min-width: 640px) 45vw, 80vw');
  });

  it('the gallery offers each photo its variant: the phone strip at full width, the desktop grid at its columns', () => {
    const second = { url: '/media/uploads/listings/9/cd34.webp', srcSet: photoSrcSet({ url: '/media/uploads/listings/9/cd34.webp', cardUrl: '/media/uploads/listings/9/cd34-480.webp' }) };
    const images = [{ url: uploaded.url, srcSet: photoSrcSet(uploaded), alt: 'Aurum Heights, Whitefield' }, { ...second, alt: 'Aurum Heights: photo 2' }];
    renderInStore(<Gallery images={images} name="Aurum Heights" />);
    const firsts = screen.getAllByRole('img', { name: 'Aurum Heights, Whitefield' });
    // The phone strip's first photo (the largest paint on a phone) and the desktop grid's large photo.
    expect(firsts.map((img) => img.getAttribute('sizes'))).toEqual(['100vw', '(min-width: 1280px) 52rem, 66vw']);
    for (const img of firsts) expect(img.getAttribute('srcset')).toBe(`${uploaded.cardUrl} 480w, ${uploaded.url} 1280w`);
    expect(firsts[0]?.getAttribute('fetchpriority')).toBe('high');
  });

  it("a seed picture's card offers its 480 and 640 px files, whatever its record names", () => {
    const medias = [{ title: 'banner', url: '/media/seed/project-apartment-01.webp', cardUrl: '/media/seed/project-apartment-01-480.webp' }];
    renderInStore(<ProjectCard project={createProject({ name: 'Seeded Towers', medias })} />);
    expect(screen.getByRole('img', { name: /Seeded Towers/ }).getAttribute('srcset')).toBe(
      '/media/seed/project-apartment-01-480.webp 480w, /media/seed/project-apartment-01-640.webp 640w, /media/seed/project-apartment-01.webp 960w',
    );
  });

  it('a picture that comes in one size keeps a plain src', () => {
    const project = createProject({ name: 'Linked Towers', medias: [{ title: 'banner', url: '/media/uploads/legacy/plain.webp' }] });
    renderInStore(<ProjectCard project={project} />);
    expect(screen.getByRole('img', { name: /Linked Towers/ }).hasAttribute('srcset')).toBe(false);
    expect(photoSrcSet({ url: '/a.webp', cardUrl: '/a.webp' })).toBeUndefined();
  });
});
