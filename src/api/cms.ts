import type { ApiClient } from './client';
import { type CentreDetails, centreDetailsSchema } from './schemas/cms';

/** GET /cms/king-fahad-details/: the centre's details shown in the footer. */
export function getCentreDetails(api: ApiClient): Promise<CentreDetails> {
  return api.public(centreDetailsSchema, '/cms/king-fahad-details/');
}
