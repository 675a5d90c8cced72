import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { closeTopLayer, useBackLayer, useOpenLayerCount } from '@/shared/ui';

/** Two layers, as a sheet with a modal over it: each open until closed. */
function Layers({ seen }: { seen: string[] }) {
  const [sheet, setSheet] = useState(true);
  const [modal, setModal] = useState(true);
  return (
    <>
      {sheet && <Layer name="sheet" close={() => (seen.push('sheet'), setSheet(false))} />}
      {modal && <Layer name="modal" close={() => (seen.push('modal'), setModal(false))} />}
      <Count />
    </>
  );
}

function Layer({ name, close }: { name: string; close: () => void }) {
  useBackLayer(close);
  return <div>{name}</div>;
}

function Count() {
  return <output data-testid="layers">{useOpenLayerCount()}</output>;
}

describe('the BackButton’s layers', () => {
  it('a press closes the newest layer only; with none open the press is the page’s', () => {
    const seen: string[] = [];
    const view = render(<Layers seen={seen} />);
    expect(view.getByTestId('layers').textContent).toBe('2');
    act(() => void expect(closeTopLayer()).toBe(true));
    expect(seen).toEqual(['modal']);
    expect(view.getByTestId('layers').textContent).toBe('1');
    act(() => void expect(closeTopLayer()).toBe(true));
    expect(seen).toEqual(['modal', 'sheet']);
    expect(view.getByTestId('layers').textContent).toBe('0');
    expect(closeTopLayer()).toBe(false);
    view.unmount();
  });
});
