// `npm run composer:index [-- --force]`: builds the composer's word and art index into
// dist/composer (skipped when the one there was built from the same package versions).
import { ensureComposerIndex } from './composer-index/build';

const result = ensureComposerIndex(undefined, { force: process.argv.includes('--force') });
if (result === 'current') console.info('composer index: up to date');
