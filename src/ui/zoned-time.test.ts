import { describe, expect, it } from 'vitest';
import { t as translate } from '../i18n/index.ts';
import type { Lang } from '../i18n/paths.ts';
import type { TFn } from '../i18n/react.ts';
import { formatZoned, zonedInputs, zonedIso, zoneName, zonePlace } from './zoned-time.ts';

const tOf =
  (lang: Lang): TFn =>
  (key, vars) =>
    translate(lang, key, vars);

describe('zonedIso: a date and time on the museum clocks, with their offset', () => {
  it('takes the offset of the day (winter, summer, another continent)', () => {
    expect(zonedIso('2027-03-01', '09:00', 'Europe/Paris')).toBe('2027-03-01T09:00:00+01:00');
    expect(zonedIso('2027-07-14', '18:30', 'Europe/Paris')).toBe('2027-07-14T18:30:00+02:00');
    expect(zonedIso('2027-01-05', '07:15', 'America/New_York')).toBe('2027-01-05T07:15:00-05:00');
    expect(zonedIso('2027-01-05', '07:15', 'Asia/Kolkata')).toBe('2027-01-05T07:15:00+05:30');
    expect(zonedIso('2027-01-05', '07:15', 'UTC')).toBe('2027-01-05T07:15:00+00:00');
  });

  it('is the same instant whatever the zone of the machine', () => {
    const iso = zonedIso('2027-03-01', '09:00', 'Europe/Paris')!;
    expect(new Date(iso).toISOString()).toBe('2027-03-01T08:00:00.000Z');
  });

  it('reads an hour the clocks skip just after the change', () => {
    // 28 March 2027, Paris: 02:00 becomes 03:00.
    const iso = zonedIso('2027-03-28', '02:30', 'Europe/Paris')!;
    expect(new Date(iso).toISOString()).toBe('2027-03-28T01:30:00.000Z');
  });

  it('refuses what is no date or no time', () => {
    expect(zonedIso('', '09:00', 'Europe/Paris')).toBeNull();
    expect(zonedIso('2027-02-30', '09:00', 'Europe/Paris')).toBeNull();
    expect(zonedIso('2027-02-03', '', 'Europe/Paris')).toBeNull();
    expect(zonedIso('2027-02-03', '25:00', 'Europe/Paris')).toBeNull();
  });
});

describe('zonedInputs and formatZoned', () => {
  it('show an instant as the museum clocks do', () => {
    const at = new Date('2027-03-01T08:00:00Z');
    expect(zonedInputs(at, 'Europe/Paris')).toEqual({ date: '2027-03-01', time: '09:00' });
    expect(zonedInputs(at, 'America/New_York')).toEqual({ date: '2027-03-01', time: '03:00' });
    expect(zonedInputs(new Date('2027-03-01T23:30:00Z'), 'Europe/Paris')).toEqual({
      date: '2027-03-02',
      time: '00:30',
    });
  });

  it('say the date and time in the curator language', () => {
    const iso = '2027-03-01T08:00:00Z';
    expect(formatZoned(iso, 'Europe/Paris', 'fr')).toBe('1 mars 2027 à 09:00');
    expect(formatZoned(iso, 'Europe/Paris', 'en')).toBe('1 March 2027 at 09:00');
  });
});

describe('zoneName', () => {
  it('names the zone by its place, as the curator reads it', () => {
    expect(zoneName(tOf('fr'), 'Europe/Paris')).toBe('heure de Paris');
    expect(zoneName(tOf('fr'), 'Europe/Amsterdam')).toBe('heure d’Amsterdam');
    expect(zoneName(tOf('en'), 'America/New_York')).toBe('New York time');
    expect(zoneName(tOf('fr'), 'UTC')).toBe('heure UTC');
    expect(zoneName(tOf('en'), 'Etc/UTC')).toBe('UTC');
    expect(zonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
  });
});
