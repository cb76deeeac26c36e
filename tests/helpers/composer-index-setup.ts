// Tests draw with the offline composer, which reads its word and art index from dist/composer:
// build it once per run when a fresh clone (or a package update) has none.
import { ensureComposerIndex } from '../../scripts/composer-index/build';

export default function setup() {
  ensureComposerIndex();
}
