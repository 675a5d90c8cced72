import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { markerBox, placeLabels, textWidth } from '@/shared/ui/map/labels';
import { SchematicMap } from '@/shared/ui/map/schematic-map';

const box = (left: number, top: number, width: number, height = 14) => ({ left, top, right: left + width, bottom: top + height });

describe('labels of the offline map', () => {
  it('keeps labels in their order of priority, leaving out any that would cover one already written', () => {
    const kept = placeLabels([box(0, 0, 100), box(50, 5, 100), box(120, 0, 40), box(0, 20, 100)]);
    expect([...kept]).toEqual([0, 2, 3]);
  });

  it('also keeps clear of what is already taken (the districts, for station names)', () => {
    const taken = [box(0, 0, 100)];
    expect([...placeLabels([box(10, 2, 20), box(200, 0, 20)], taken)]).toEqual([1]);
    expect(taken).toHaveLength(2);
  });

  it('estimates a width that grows with the text and the font', () => {
    expect(textWidth('Невский проспект', 11)).toBeGreaterThan(textWidth('Невский', 11));
    expect(textWidth('Невский', 12)).toBeGreaterThan(textWidth('Невский', 11));
  });
});

describe('names under the listings (the offline map)', () => {
  it('a pin or a cluster covers a box as wide as its price or its disc, with room to spare around it', () => {
    const pin = markerBox(100, 50, '12,1 млн ₽');
    expect(pin.left).toBeLessThan(100 - textWidth('12,1 млн ₽', 12) / 2);
    expect(pin.right - pin.left).toBeGreaterThan(textWidth('12,1 млн ₽', 12));
    // A 40 px disc and 6 px around it.
    expect(markerBox(0, 0, null)).toEqual({ left: -26, right: 26, top: -26, bottom: 26 });
  });

  it('a district name that a price pin would cover is left out; one clear of every pin is written', () => {
    const at = { latitude: 59.95, longitude: 30.3 };
    const geography = {
      districts: [
        { name: 'Петроградский', ...at },
        { name: 'Кировский', latitude: 59.85, longitude: 30.2 },
      ],
      stations: [],
    };
    render(
      <SchematicMap
        points={[
          { id: 1, ...at, label: '12,1 млн ₽', tone: 'default' },
          { id: 2, latitude: 59.86, longitude: 30.45, label: '9,4 млн ₽', tone: 'default' },
        ]}
        geography={geography}
        onSelect={() => undefined}
        ariaLabel="Карта"
      />,
    );
    expect(screen.getAllByTestId('map-marker').map((m) => m.textContent)).toEqual(['12,1 млн ₽', '9,4 млн ₽']);
    expect(screen.getAllByTestId('map-district').map((d) => d.textContent)).toEqual(['Кировский']);
  });
});
