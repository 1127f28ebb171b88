import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RecordPicker, type PickerOption } from './record-picker';

const LOCALITIES: PickerOption[] = [
  { id: 12, label: 'Whitefield', detail: 'East, Bengaluru' },
  { id: 14, label: 'Whitefield Main Road', detail: 'East, Bengaluru' },
  { id: 40, label: 'Indiranagar', detail: 'Central, Bengaluru' },
];

/** A form field holding an id, as the project form does; `searched` records what the server was asked. */
function Harness({ searched }: { searched: string[] }) {
  const [chosen, setChosen] = useState<{ id: string; name: string }>({ id: '', name: '' });
  return (
    <>
      <RecordPicker
        label="Locality"
        value={chosen.id}
        selectedLabel={chosen.name}
        search={async (q) => {
          searched.push(q);
          return LOCALITIES.filter((option) => option.label.toLowerCase().includes(q.toLowerCase()));
        }}
        onPick={(option) => setChosen(option ? { id: String(option.id), name: option.label } : { id: '', name: '' })}
      />
      <output aria-label="Chosen id">{chosen.id}</output>
    </>
  );
}

const chosenId = () => screen.getByRole('status', { name: 'Chosen id' }).textContent;

describe('RecordPicker', () => {
  it('searches the typed name, and the option picked by mouse or keyboard is the id kept', async () => {
    const user = userEvent.setup();
    const searched: string[] = [];
    render(<Harness searched={searched} />);
    const box = screen.getByRole('combobox', { name: 'Locality' });

    await user.type(box, 'white');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['WhitefieldEast, Bengaluru', 'Whitefield Main RoadEast, Bengaluru']);
    // Typed at speed: the server is asked for the word, not for every keystroke.
    expect(searched.at(-1)).toBe('white');
    expect(searched.length).toBeLessThan(5);

    await user.keyboard('{ArrowDown}{Enter}');
    expect(chosenId()).toBe('14');
    expect((box as HTMLInputElement).value).toBe('Whitefield Main Road');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.clear(box);
    await user.type(box, 'indira');
    await user.click(await screen.findByRole('option', { name: /Indiranagar/ }));
    expect(chosenId()).toBe('40');
  });

  it('says when nothing matches, and typed text that was not picked goes back to the chosen name', async () => {
    const user = userEvent.setup();
    render(<Harness searched={[]} />);
    const box = screen.getByRole('combobox', { name: 'Locality' });
    await user.type(box, 'indira');
    await user.click(await screen.findByRole('option', { name: /Indiranagar/ }));

    await user.clear(box);
    expect(chosenId()).toBe('');
    await user.type(box, 'zzz');
    expect(await screen.findByText('No match for “zzz”')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });
});
