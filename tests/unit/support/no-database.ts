import type { Db } from '../../../server/db';

const refuse = () => Promise.reject(new Error('no database in this test'));

/** The database of an app whose tested routes never reach it: every call fails. */
export const noDatabase: Db = {
  kind: 'pglite',
  query: refuse,
  transaction: refuse,
  exec: refuse,
  close: () => Promise.resolve(),
};
