import { MESSAGES } from '../../core/messages';
import { PageHero } from '../components/page-shell';

// The paged grid of the member's own images is built by the history work.
export default function HistoryPage() {
  return <PageHero title={MESSAGES.historyTitle} documentTitle="History" />;
}
