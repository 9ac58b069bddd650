import { describe, expect, it } from 'vitest';
import { parseTimeZone } from './time-zone';

describe('parseTimeZone', () => {
  it('reads ±HH:MM and ±HHMM with their ordinary sign, up to 14 hours', () => {
    expect(parseTimeZone('+05:30')).toEqual({ kind: 'offset', minutes: 330, text: '+05:30' });
    expect(parseTimeZone('+0530')).toEqual({ kind: 'offset', minutes: 330, text: '+05:30' });
    expect(parseTimeZone('-0800')).toEqual({ kind: 'offset', minutes: -480, text: '-08:00' });
    expect(parseTimeZone('+14:00')).toMatchObject({ minutes: 840 });
    for (const bad of ['+15:00', '+05:60', '+5', '+05', '05:00', '+05:00:00', ' 05:00']) expect(parseTimeZone(bad), bad).toBeNull();
  });

  it('takes IANA names in their canonical spelling, and nothing that only looks like one', () => {
    expect(parseTimeZone('US/Pacific-New')).toEqual({ kind: 'name', name: 'America/Los_Angeles' });
    expect(parseTimeZone('utc')).toEqual({ kind: 'name', name: 'UTC' });
    expect(parseTimeZone('Etc/GMT+5')).toEqual({ kind: 'name', name: 'Etc/GMT+5' });
    for (const bad of ['Mars/Olympus', 'UTC+5', "UTC'; --", '', 'Europe/', '/UTC', 'a'.repeat(65)])
      expect(parseTimeZone(bad), bad).toBeNull();
  });
});
