import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Sheet, SheetTitle } from './sheet';

afterEach(cleanup);

function CardWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete product PSTFSH-001
      </button>
      <Sheet open={open} onOpenChange={setOpen} aria-describedby={undefined}>
        <SheetTitle>Delete product?</SheetTitle>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Sheet>
    </>
  );
}

describe('Sheet', () => {
  it('gives focus back to the button that opened it, without a Radix trigger (focus fell to the page)', async () => {
    render(<CardWithDialog />);
    const opener = screen.getByRole('button', { name: 'Delete product PSTFSH-001' });
    opener.focus();
    fireEvent.click(opener);
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true));
    fireEvent.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

function CardWithQuestion() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete product PSTFSH-002
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete product?"
        message="This cannot be undone."
        confirmLabel="Delete"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('gives focus back to the button that opened it', async () => {
    render(<CardWithQuestion />);
    const opener = screen.getByRole('button', { name: 'Delete product PSTFSH-002' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
