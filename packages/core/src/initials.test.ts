import { describe, expect, it } from 'vitest';
import { initialsFor } from './initials.js';

describe('initialsFor (SPEC.md section 2)', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.com', 'AL'],
    ['  grace   brewster murray hopper ', 'g@example.com', 'GH'],
    ['Émile Zola', null, 'ÉZ'],
    ['Cher', 'cher@example.com', 'CH'],
    [null, 'bob@example.com', 'BO'],
    ['', 'x@y.z', 'X@'],
    [null, null, 'NF'],
    ['', '', 'NF'],
    ['Prince', null, 'NF'],
  ])('%j / %j → %s', (name, email, expected) => {
    expect(initialsFor(name, email)).toBe(expected);
  });
});
