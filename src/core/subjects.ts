import type { DrawnSubject } from './api';

/**
 * The line under a composer picture saying what it understood: "Drew: lighthouse · waves · sun".
 * A word drawn by a broader word's art says so, the art first: "Drew: dog face (for puppy)".
 */
export function drewLine(subjects: readonly DrawnSubject[]): string {
  const parts = subjects.map((s) => {
    const stem = s.word.toLowerCase().slice(0, 4);
    return s.label.toLowerCase().includes(stem) ? s.word : `${s.label} (for ${s.word})`;
  });
  return `Drew: ${parts.join(' · ')}`;
}
