/**
 * `npm run backup -- FILE [--force]`: the embedded database, uploaded files and secrets of DATA_DIR
 * in one file (mode 0600), through the running server when there is one (server/backup/command.ts).
 */
import { backupCommand } from '../server/backup/command';
import { runCommand } from '../server/cli';

runCommand(backupCommand);
