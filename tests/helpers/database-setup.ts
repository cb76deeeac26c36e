// Every integration file closes the PGlite databases its apps left for reuse (helpers/database.ts).
import { afterAll } from 'vitest';
import { closeIdleTestDatabases } from './database';

afterAll(closeIdleTestDatabases);
