// Several moderations asked in turn: a prompt passes only if every one allows it, and the first
// refusal answers (a paid or slow check in front, the word lists always behind it).
import type { Moderation } from '../ports';

export function moderationsInTurn(checks: Moderation[]): Moderation {
  return {
    name: checks.map((m) => m.name).join('+'),
    async check(prompt) {
      for (const moderation of checks) {
        const verdict = await moderation.check(prompt);
        if (!verdict.allowed) return verdict;
      }
      return { allowed: true };
    },
  };
}
