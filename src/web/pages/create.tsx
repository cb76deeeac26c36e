import { PageHero } from '../components/page-shell';

// The generator panel (prompt, theme, quality, privacy, result) is built by the generator work.
export default function CreatePage() {
  return (
    <PageHero
      title="Create Custom Clipart"
      description="Generate unique clipart with AI. Just describe what you have in mind!"
    />
  );
}
