import type { CentreDetails } from '@contract/wire/cms';
import type { Queryable } from '../db';

/** Who a mail comes from, as its header and footer show it. */
export interface Centre {
  nameEn: string;
  nameAr: string;
  /** The centre's description (the site footer's text), under its name; left out when empty. */
  aboutEn?: string | undefined;
  aboutAr?: string | undefined;
  email: string;
  phone: string;
  locationEn: string;
  locationAr: string;
  /** An image under `origin`, absolute; none: the header shows the name. */
  logoUrl?: string | undefined;
  /** The web app's public origin (PUBLIC_ORIGIN): every link of a mail starts with it. */
  origin: string;
}

/** The centre's name: the details row has none of its own. */
export const CENTRE_NAME = { en: 'KFU Training Centre', ar: 'مركز التدريب بجامعة الملك فيصل' } as const;

/** The seed's logo, and its PNG rendition for mail clients, which do not show SVG. */
export const DEFAULT_LOGO = '/brand/logo.svg';
export const MAIL_LOGO = '/brand/logo-mail.png';

export type CentreRow = Pick<
  CentreDetails,
  'footer_header' | 'footer_header_ar' | 'email' | 'phone_number' | 'location' | 'location_ar' | 'logo'
>;

/** The origin alone ("https://training.kfu.edu.sa"), from PUBLIC_ORIGIN or a request's origin. */
export function mailOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`A mail's origin must be http(s), not ${origin}`);
  return url.origin;
}

/**
 * The logo a mail may show: an image under `origin` only (a relative path is taken under it, an
 * address elsewhere is dropped); the default SVG becomes its PNG rendition, another SVG is dropped.
 */
export function mailLogo(logo: string, origin: string): string | undefined {
  const trimmed = logo.trim();
  if (!trimmed) return undefined;
  const base = mailOrigin(origin);
  let url: URL;
  try {
    url = new URL(trimmed, `${base}/`);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  if (url.pathname === DEFAULT_LOGO) return `${base}${MAIL_LOGO}`;
  if (/\.svgz?$/i.test(url.pathname)) return undefined;
  return url.href;
}

/** The Centre of the mails from the `centre_details` row. */
export function centreForMail(row: CentreRow, origin: string): Centre {
  return {
    nameEn: CENTRE_NAME.en,
    nameAr: CENTRE_NAME.ar,
    aboutEn: row.footer_header.trim() || undefined,
    aboutAr: row.footer_header_ar.trim() || undefined,
    email: row.email.trim(),
    phone: row.phone_number.trim(),
    locationEn: row.location.trim(),
    locationAr: row.location_ar.trim(),
    logoUrl: mailLogo(row.logo, origin),
    origin: mailOrigin(origin),
  };
}

/** The Centre of the mails as the database holds it; without the row, the name alone. */
export async function readCentreForMail(db: Queryable, origin: string): Promise<Centre> {
  const { rows } = await db.query<CentreRow>(
    `SELECT footer_header, footer_header_ar, email, phone_number, location, location_ar, logo
     FROM centre_details WHERE id = 1`,
  );
  const row = rows[0];
  if (row) return centreForMail(row, origin);
  return centreForMail(
    {
      footer_header: '',
      footer_header_ar: '',
      email: '',
      phone_number: '',
      location: '',
      location_ar: '',
      logo: DEFAULT_LOGO,
    },
    origin,
  );
}
