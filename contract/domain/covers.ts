/**
 * Course covers as the server stores them (see server/authoring/course-covers.ts): a trainer's
 * upload is served at `/api/v1/covers/{uuid}.{png|jpg}`, and the same address with `?w=` answers a
 * copy at most that many pixels wide, in AVIF or WebP when the request's `Accept` names one
 * (`Vary: Accept`). The views give such covers a `srcset` of these widths
 * (src/entities/course/cover.ts); any other address (the seeded vector pictures, another server's
 * files) is shown as it is.
 */

/** The widths each uploaded cover is prepared at, smallest first. */
export const COVER_WIDTHS = [480, 960, 1440] as const;

export type CoverWidth = (typeof COVER_WIDTHS)[number];

/** A stored cover's file name. */
export const COVER_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

/** Where the server serves covers. */
export const COVERS_ADDRESS = '/api/v1/covers/';
