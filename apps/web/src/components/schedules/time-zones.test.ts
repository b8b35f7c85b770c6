import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './schedule-text';
import { searchTimeZones, zoneLabel, zoneOffset, zoneOffsets } from './time-zones';

const WINTER = new Date('2026-12-01T12:00:00Z');
const zones = timeZoneOptions('UTC');
const offsets = zoneOffsets(zones, WINTER);
const search = (query: string) => searchTimeZones(zones, query, (zone) => offsets.get(zone) ?? '');

describe('time zone search', () => {
  it('has the browser’s full list to search (hundreds of zones)', () => {
    expect(zones.length).toBeGreaterThan(300);
  });

  it('finds a zone by its city, typed with spaces or underscores, in any case', () => {
    expect(search('tokyo')[0]).toBe('Asia/Tokyo');
    expect(search('New York')[0]).toBe('America/New_York');
    expect(search('new_york')[0]).toBe('America/New_York');
    expect(search('  BERLIN ')).toEqual(['Europe/Berlin']);
  });

  it('lists zones by today’s names, though the browser keeps some old ones', () => {
    expect(search('kolkata')).toEqual(['Asia/Kolkata']);
    expect(search('kyiv')).toEqual(['Europe/Kyiv']);
    expect(zones).not.toContain('Asia/Calcutta');
  });

  it('puts the city typed whole before the zones it is only part of', () => {
    const paris = search('paris');
    expect(paris[0]).toBe('Europe/Paris');
    const york = search('york');
    expect(york).toContain('America/New_York');
  });

  it('lists a region’s zones, alphabetically', () => {
    const europe = search('europe/');
    expect(europe.length).toBeGreaterThan(30);
    expect(europe.every((zone) => zone.startsWith('Europe/'))).toBe(true);
    expect(europe).toEqual([...europe].sort());
  });

  it('finds zones by their offset now', () => {
    expect(search('+05:30')).toContain('Asia/Kolkata');
    expect(search('utc+01:00')).toContain('Europe/Berlin');
    expect(search('utc+01:00')).not.toContain('Europe/London');
  });

  it('answers every zone for an empty search, and none for nonsense', () => {
    expect(search('')).toEqual(zones);
    expect(search('atlantis')).toEqual([]);
  });

  it('reads zones with spaces and offsets as UTC±hh:mm', () => {
    expect(zoneLabel('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
    expect(zoneOffset('UTC', WINTER)).toBe('UTC+00:00');
    expect(zoneOffset('Europe/Berlin', WINTER)).toBe('UTC+01:00');
    expect(zoneOffset('America/St_Johns', WINTER)).toBe('UTC-03:30');
    expect(zoneOffset('Mars/Olympus', WINTER)).toBe('');
  });
});
