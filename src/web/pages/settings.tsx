import { PageHero } from '../components/page-shell';

// Profile form and Danger Zone are built by the settings work.
export default function SettingsPage() {
  return <PageHero title="Account Settings" />;
}
