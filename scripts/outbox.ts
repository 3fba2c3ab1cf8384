/**
 * `npm run outbox [-- EMAIL] [--limit N] [--url URL]`: the latest mails the server sent, newest
 * first, with their one-time codes. Reads the running server's development outbox; when no server
 * answers, the database in DATA_DIR directly.
 */
import { outboxCommand, runCommand } from '../server/cli';

runCommand(outboxCommand);
