/**
 * `npm run admin -- approve-trainer EMAIL [--url URL]`
 *
 * Asks the running server (--url, else http://localhost:$PORT, else :3000) with the personal staff
 * token `npm run admin -- login` keeps (decisions need it), or the admin token it wrote to
 * DATA_DIR/admin-token; when no server answers, opens the database in DATA_DIR directly.
 */
import { adminCommand, runCommand } from '../server/cli';

runCommand(adminCommand);
