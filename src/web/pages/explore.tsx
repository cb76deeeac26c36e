import { MESSAGES } from '../../core/messages';
import { PageHero } from '../components/page-shell';

// The public gallery grid is built by the gallery work.
export default function ExplorePage() {
  return <PageHero title={MESSAGES.galleryTitle} description="Public clipart made by Clipsmith members." />;
}
