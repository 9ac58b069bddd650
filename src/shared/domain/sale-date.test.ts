import { describe, expect, it } from 'vitest';
import { parseSaleDate, saleDateMessages } from './sale-date';

const now = Date.parse('2026-11-25T10:00:00Z');
const read = (text: string) => parseSaleDate(text, now);

describe('parseSaleDate', () => {
  it('keeps a real day as noon UTC, and an ISO time as the instant it names', () => {
    expect(read('2024-02-29')).toEqual({ ok: true, soldAt: new Date('2024-02-29T12:00:00Z') });
    expect(read('2026-11-25T23:59:59.5+0100')).toEqual({ ok: true, soldAt: new Date('2026-11-25T22:59:59.500Z') });
    expect(read('2026-11-26')).toMatchObject({ ok: true }); // a seller a day ahead of UTC
  });

  it('rolls nothing over and reads nothing it cannot read whole', () => {
    for (const bad of ['2024-02-30', '2023-02-29', '2024-04-31', '2024-01-01 junk', '2024-01-01T24:00:00Z', '2024-01-01T12:00'])
      expect(read(bad), bad).toEqual({ ok: false, message: saleDateMessages.notADate });
    expect(read('0001-01-01')).toEqual({ ok: false, message: saleDateMessages.tooOld });
    expect(read('2026-11-27')).toEqual({ ok: false, message: saleDateMessages.future });
  });
});
