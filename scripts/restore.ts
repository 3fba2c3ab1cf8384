/**
 * `npm run restore -- FILE [--force]`: a backup into DATA_DIR, which no server may hold and which
 * must be empty unless --force (server/backup/command.ts).
 */
import { restoreCommand } from '../server/backup/command';
import { runCommand } from '../server/cli';

runCommand(restoreCommand);
