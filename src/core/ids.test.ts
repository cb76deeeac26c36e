import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('accepts a row id in either case and refuses anything else', () => {
    expect(isUuid('3f2b8c1e-9a4d-4e7f-8b2a-1c3d5e7f9a0b')).toBe(true);
    expect(isUuid('3F2B8C1E-9A4D-4E7F-8B2A-1C3D5E7F9A0B')).toBe(true);
    expect(isUuid('3f2b8c1e9a4d4e7f8b2a1c3d5e7f9a0b')).toBe(false);
    expect(isUuid('../3f2b8c1e-9a4d-4e7f-8b2a-1c3d5e7f9a0b')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
