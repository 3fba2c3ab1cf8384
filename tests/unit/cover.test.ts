import { COVER_WIDTHS } from '@contract/domain/covers';
import { describe, expect, it } from 'vitest';
import { coverSrcSet } from '@/entities/course/cover';

describe('the srcset of a course cover', () => {
  it('lists each width the server prepares for a cover it stored', () => {
    const cover = '/api/v1/covers/9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d.jpg';
    expect(coverSrcSet(cover)).toBe(COVER_WIDTHS.map((width) => `${cover}?w=${width} ${width}w`).join(', '));
    expect(coverSrcSet(cover)).toContain('?w=480 480w');
  });

  it('leaves any other picture as it is', () => {
    for (const picture of [
      '/media/covers/business.svg',
      'https://cdn.example.com/api/v1/covers/9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d.jpg',
      '/api/v1/covers/9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d.jpg?w=480',
      '',
    ])
      expect(coverSrcSet(picture), picture).toBeUndefined();
  });
});
