import { screenMatrix } from './support/screens';
import { AR_DESKTOP } from './support/settings';

/** The screen matrix (support/screens.ts) in one setting; the other settings are files of their own. */
screenMatrix(AR_DESKTOP);
