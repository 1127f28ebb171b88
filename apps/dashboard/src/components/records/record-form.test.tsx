import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { RecordFormFrame, TextField } from './record-fields';
import { useRecordForm } from './use-record-form';

const Schema = z.strictObject({ name: z.string().trim().min(3, 'Name must be at least 3 characters'), slug: z.string().optional() });

/** A form as a section builds it; `save` stands for the API call. */
function Harness({ save }: { save: (body: z.output<typeof Schema>) => Promise<void> }) {
  const form = useRecordForm({ schema: Schema, initial: { name: '', slug: '' }, draftKey: 'test:new', toBody: (v) => ({ name: v.name, ...(v.slug ? { slug: v.slug } : {}) }) });
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <>
      <RecordFormFrame
        form={form}
        label="Test record"
        submitLabel="Save"
        busy={busy}
        onSubmit={async () => {
          const body = form.validate();
          if (!body) return;
          setBusy(true);
          try {
            await save(body);
            form.saved();
            setDone(true);
          } catch (error) {
            form.showApiError(error);
          } finally {
            setBusy(false);
          }
        }}
      >
        <TextField form={form} name="name" label="Name" required />
        <TextField form={form} name="slug" label="Slug" />
      </RecordFormFrame>
      {done ? <p>Saved</p> : null}
    </>
  );
}

describe('record form (issue 14)', () => {
  it("shows the contract's message beside the field and sends nothing", async () => {
    let sent = 0;
    const user = userEvent.setup();
    render(<Harness save={async () => void (sent += 1)} />);
    await user.type(screen.getByRole('textbox', { name: 'Name *' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Name must be at least 3 characters')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name *' }).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);
  });

  it("shows the API's refusal beside the field it names", async () => {
    const user = userEvent.setup();
    render(
      <Harness
        save={async () => {
          throw new ApiError(409, 'A builder with this slug already exists', 'slug');
        }}
      />,
    );
    await user.type(screen.getByRole('textbox', { name: 'Name *' }), 'Prestige');
    await user.type(screen.getByRole('textbox', { name: 'Slug' }), 'prestige');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const slug = screen.getByRole('textbox', { name: 'Slug' });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(slug.getAttribute('aria-describedby') ?? '')?.textContent).toBe('A builder with this slug already exists');
  });

  it('keeps a draft when the tab closes, restores it with a notice, and drops it on save', async () => {
    const user = userEvent.setup();
    const first = render(<Harness save={async () => undefined} />);
    await user.type(screen.getByRole('textbox', { name: 'Name *' }), 'Sobha Dream');
    await waitFor(() => expect(localStorage.getItem('nivaas_console_draft:test:new')).toContain('Sobha Dream'));
    first.unmount();

    render(<Harness save={async () => undefined} />);
    expect((screen.getByRole('textbox', { name: 'Name *' }) as HTMLInputElement).value).toBe('Sobha Dream');
    expect(screen.getByText('Your unsaved draft was restored. Save to keep it, or discard it.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(localStorage.getItem('nivaas_console_draft:test:new')).toBeNull();
    expect(screen.queryByText(/draft was restored/)).toBeNull();
  });
});
