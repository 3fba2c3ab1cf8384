import type { ImgHTMLAttributes } from 'react';
import { COVER_SIZES, coverSrcSet } from './cover';

type CoverImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes' | 'alt'> & {
  src: string;
  /** Where the cover is shown, for the width the browser picks a copy by (COVER_SIZES). */
  shownAs: keyof typeof COVER_SIZES;
};

/**
 * A course's cover, decorative (the course's title is beside it). An uploaded cover comes in the
 * width that fits, in AVIF or WebP (see ./cover.ts); the size it takes is fixed by the caller's
 * width, height and aspect ratio, so nothing moves when it arrives.
 */
export function CoverImage({ src, shownAs, ...attributes }: CoverImageProps) {
  const srcSet = coverSrcSet(src);
  return (
    <img src={src} srcSet={srcSet} sizes={srcSet ? COVER_SIZES[shownAs] : undefined} alt="" {...attributes} />
  );
}
