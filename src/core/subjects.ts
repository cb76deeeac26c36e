import type { DrawnSubject } from './api';

/**
 * The line under a composer picture saying what it understood: "Drew: lighthouse · waves · sun".
 * A word drawn as something else by name says so: "Drew: nurse (as health worker)".
 */
export function drewLine(subjects: readonly DrawnSubject[]): string {
  const parts = subjects.map((s) => {
    const stem = s.word.toLowerCase().slice(0, 4);
    return s.label.toLowerCase().includes(stem) ? s.word : `${s.word} (as ${s.label})`;
  });
  return `Drew: ${parts.join(' · ')}`;
}
