import { describe, expect, it } from 'vitest';
import { monthKey, monthStart, nextMonthStart } from './month';

describe('monthKey', () => {
  it('is YYYY-MM in UTC', () => {
    expect(monthKey(new Date('2025-01-05T12:00:00Z'))).toBe('2025-01');
    expect(monthKey(new Date('2025-11-30T00:00:00Z'))).toBe('2025-11');
  });

  it('switches exactly at the UTC month boundary', () => {
    expect(monthKey(new Date('2025-01-31T23:59:59.999Z'))).toBe('2025-01');
    expect(monthKey(new Date('2025-02-01T00:00:00.000Z'))).toBe('2025-02');
    expect(monthKey(new Date('2024-12-31T23:59:59.999Z'))).toBe('2024-12');
    expect(monthKey(new Date('2025-01-01T00:00:00.000Z'))).toBe('2025-01');
  });

  it('ignores the local offset of the input', () => {
    // 1 March 00:30 in UTC+2 is still February in UTC.
    expect(monthKey(new Date('2025-03-01T00:30:00+02:00'))).toBe('2025-02');
    // 31 March 20:00 in UTC-5 is already April in UTC.
    expect(monthKey(new Date('2025-03-31T20:00:00-05:00'))).toBe('2025-04');
  });

  it('defaults to now', () => {
    expect(monthKey()).toBe(new Date().toISOString().slice(0, 7));
  });
});

describe('nextMonthStart / monthStart', () => {
  it('gives the first instant of the next month in UTC', () => {
    expect(nextMonthStart(new Date('2025-01-31T23:59:59Z')).toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2025-12-15T08:00:00Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(nextMonthStart(new Date('2024-02-29T12:00:00Z')).toISOString()).toBe('2024-03-01T00:00:00.000Z');
  });

  it('gives the first instant of the current month in UTC', () => {
    expect(monthStart(new Date('2025-07-19T10:00:00Z')).toISOString()).toBe('2025-07-01T00:00:00.000Z');
  });
});
