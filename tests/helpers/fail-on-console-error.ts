import { afterEach, beforeEach, vi } from 'vitest';

// Convention: an unexpected console.error is a bug. Tests that expect one spy on it themselves.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.mocked(console.error).mockRestore?.();
  if (errors.length > 0) {
    const first = errors[0].map((a) => (a instanceof Error ? a.stack : String(a))).join(' ');
    throw new Error(`Unexpected console.error (${errors.length}x): ${first}`);
  }
});
