/**
 * Issue 15: the seed's pictures come in smaller widths beside the full one (packages/db seed/images.ts,
 * SEED_PHOTO_VARIANTS and SEED_WIDE_VARIANTS). Banners, city pictures, blog covers and construction photos have a
 * single URL field; a project's media names only the 480 px variant (`cardUrl`, as an upload's), while a 1.75x phone
 * showing a 330 px card needs the 640 px one. So the srcset of a seed picture is derived from its file name here; any
 * other URL (an upload, an admin's link) gets none from this and keeps what its record says.
 */
const SEED_PICTURES: readonly { pattern: RegExp; width: number; variants: readonly number[] }[] = [
  // skylineArt: 1600 x 600
  { pattern: /^\/media\/seed\/(?:banner-\d+|city-[a-z0-9-]+-banner)\.webp$/, width: 1600, variants: [480, 800] },
  // coverArt: 1200 x 630
  { pattern: /^\/media\/seed\/blog-\d+\.webp$/, width: 1200, variants: [480, 800] },
  // propertyArt, interiorArt, constructionArt: 960 x 640
  { pattern: /^\/media\/seed\/(?:project-[a-z-]+-\d+|interior-\d+|construction-\d+)\.webp$/, width: 960, variants: [480, 640] },
];

export function seedSrcSet(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const picture = SEED_PICTURES.find(({ pattern }) => pattern.test(url));
  if (!picture) return undefined;
  const stem = url.slice(0, -'.webp'.length);
  return [...picture.variants.map((width) => `${stem}-${width}.webp ${width}w`), `${url} ${picture.width}w`].join(', ');
}
