/** The map pick field: shows the value's text; the button opens the dialog, whose OK stores the choice as JSON. */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../testing/render';
import { MapPickField, parsePickedValue } from './MapPickField';

describe('MapPickField', () => {
  it('opens the dialog, stores its choice as JSON and closes it', () => {
    const onChange = vi.fn();
    renderApp(
      <MapPickField<{ x: number }>
        id="f"
        text="长江路 1 号"
        placeholder="选择"
        pickLabel="地图选点"
        testId="f-pick"
        onChange={onChange}
        dialog={({ open, onOk, onCancel }) =>
          open && (
            <div>
              <button type="button" onClick={() => onOk({ x: 1 })}>
                ok
              </button>
              <button type="button" onClick={onCancel}>
                cancel
              </button>
            </div>
          )
        }
      />,
    );
    expect(screen.getByDisplayValue('长江路 1 号')).toHaveProperty('readOnly', true);
    expect(screen.queryByText('ok')).toBeNull();
    fireEvent.click(screen.getByTestId('f-pick'));
    fireEvent.click(screen.getByText('cancel'));
    expect(screen.queryByText('ok')).toBeNull();
    fireEvent.click(screen.getByTestId('f-pick'));
    fireEvent.click(screen.getByText('ok'));
    expect(onChange).toHaveBeenCalledWith('{"x":1}');
    expect(screen.queryByText('ok')).toBeNull();
  });

  it('reads the value back only when its JSON holds the expected object', () => {
    expect(parsePickedValue('{"address":"a","x":1}', 'address')).toEqual({ address: 'a', x: 1 });
    expect(parsePickedValue('{"device":"d"}', 'address')).toBeNull();
    expect(parsePickedValue('not json', 'address')).toBeNull();
    expect(parsePickedValue('', 'address')).toBeNull();
    expect(parsePickedValue(undefined, 'address')).toBeNull();
  });
});
