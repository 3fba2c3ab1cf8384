import { useId } from 'react';

/** Five stars, the first `rating` filled (rounded to the nearest half): a picture, its figure is text beside it. */
export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  const halves = Math.round(rating * 2);
  return (
    <span aria-hidden="true" className="inline-flex gap-0.5 text-gold-500">
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = halves >= star * 2 ? 'full' : halves === star * 2 - 1 ? 'half' : 'none';
        return <Star key={star} fill={fill} className={className} />;
      })}
    </span>
  );
}

const STAR_PATH =
  'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95L12 2.5z';

/** A star; half filled from the start side (the star is symmetric: Arabic mirrors it). */
export function Star({ fill, className }: { fill: 'full' | 'half' | 'none'; className: string }) {
  const clip = useId();
  return (
    <svg viewBox="0 0 24 24" className={`${className} rtl:-scale-x-100`} aria-hidden="true" focusable="false">
      {fill === 'half' && (
        <defs>
          <clipPath id={clip}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
        </defs>
      )}
      <path d={STAR_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      {fill !== 'none' && (
        <path d={STAR_PATH} fill="currentColor" clipPath={fill === 'half' ? `url(#${clip})` : undefined} />
      )}
    </svg>
  );
}
