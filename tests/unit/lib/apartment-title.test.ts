import { describe, expect, it } from 'vitest';
import { apartPageTitle, roomsAndArea, roomsLabel, roomsName, unitKind } from '@/shared/lib';

const nbsp = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

describe('apartment title rules (spec §9)', () => {
  it.each([
    [0, 'nominative', 'Студия'],
    [0, 'prepositional', 'студии'],
    [0, 'short', 'Студия'],
    [1, 'nominative', '1-к квартира'],
    [2, 'prepositional', '2-к квартире'],
    [3, 'short', '3-комн.'],
    [5, 'nominative', '5-к квартира'],
  ] as const)('rooms %i, %s → %s', (rooms, form, text) => {
    expect(roomsName(rooms, form)).toBe(text);
  });

  it('appends the area as " {x} м²" with the Russian decimal comma', () => {
    expect(nbsp(roomsAndArea(2, 54))).toBe('2-к квартира 54 м²');
    expect(nbsp(roomsAndArea(0, 24.5))).toBe('Студия 24,5 м²');
    expect(nbsp(roomsAndArea(3, 80.25, 'short'))).toBe('3-комн. 80,3 м²');
    expect(nbsp(roomsAndArea(1, 38, 'prepositional'))).toBe('1-к квартире 38 м²');
  });

  it("builds the APART title with ' в ' and the city's prepositional name", () => {
    expect(nbsp(apartPageTitle(2, 54.2, 'Москве'))).toBe('2-к квартира 54,2 м² в Москве');
    expect(nbsp(apartPageTitle(0, 21, 'Санкт-Петербурге'))).toBe('Студия 21 м² в Санкт-Петербурге');
    // Without a known city the title is still meaningful.
    expect(nbsp(apartPageTitle(4, 101, null))).toBe('4-к квартира 101 м²');
  });

  it('titles apartments (isApartHotel) as апартаменты, never квартира', () => {
    const apartments = unitKind(true);
    expect(unitKind(false)).toBe('flat');
    expect(unitKind(null)).toBe('flat');
    expect(nbsp(roomsAndArea(0, 24, 'nominative', apartments))).toBe('Апартаменты-студия 24 м²');
    expect(nbsp(roomsAndArea(2, 48.5, 'nominative', apartments))).toBe('2-комнатные апартаменты 48,5 м²');
    expect(roomsName(2, 'prepositional', apartments)).toBe('2-комнатных апартаментах');
    expect(roomsName(0, 'prepositional', apartments)).toBe('апартаментах-студии');
    expect(nbsp(apartPageTitle(1, 30, 'Москве', apartments))).toBe('1-комнатные апартаменты 30 м² в Москве');
    expect(roomsLabel(0, true)).toBe('апартаменты-студия');
    expect(roomsLabel(3, true)).toBe('3-комнатные апартаменты');
    expect(roomsLabel(3)).toBe('3-к квартира');
    for (const rooms of [0, 1, 2, 3, 4]) {
      expect(apartPageTitle(rooms, 40, 'Москве', apartments)).not.toMatch(/квартир/);
      expect(roomsLabel(rooms, true)).not.toMatch(/квартир/);
    }
  });
});
