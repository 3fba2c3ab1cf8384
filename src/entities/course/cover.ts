import { COVER_WIDTHS, COVERS_ADDRESS } from '@contract/domain/covers';

/**
 * How a course's cover is drawn: a cover the server prepared in several widths (contract/domain/covers.ts)
 * gets a `srcset` of them, so a phone downloads a copy that fits its screen, in AVIF or WebP; any
 * other picture (the seeded vector covers, another server's files) is shown as it is.
 */

/** The `srcset` of a prepared cover, or undefined for any other picture. */
export function coverSrcSet(address: string): string | undefined {
  // The server's own covers only: a picture stored elsewhere has no copies.
  if (!address.startsWith(COVERS_ADDRESS) || address.includes('?')) return undefined;
  return COVER_WIDTHS.map((width) => `${address}?w=${width} ${width}w`).join(', ');
}

/**
 * The width a cover is drawn at, for `sizes`, in each place covers are shown: a card in the
 * catalogue's and home's grids (a column on phones, two on tablets, three or four on desktops), the
 * course page's cover beside its summary, and a list row's thumbnail.
 */
export const COVER_SIZES = {
  card: '(min-width: 1024px) 25rem, (min-width: 640px) 50vw, 100vw',
  page: '(min-width: 1024px) 40rem, 100vw',
  row: '(min-width: 640px) 12rem, 100vw',
  thumbnail: '6rem',
} as const;
