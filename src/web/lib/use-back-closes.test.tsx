import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Sheet, SheetTitle } from '../components/sheet';

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

const dialogDepth = () => (window.history.state as { dialogDepth?: number } | null)?.dialogDepth;

/** On a phone, Back with a dialog open left the page; it closes the dialog (every Sheet and ConfirmDialog). */
describe("the browser's Back with a dialog open", () => {
  const opened = async (name: string) => {
    fireEvent.click(screen.getByRole('button', { name }));
    await screen.findByRole('dialog');
    // The dialog's own history entry is made a task after it opens.
    await waitFor(() => expect(dialogDepth()).toBe(1));
  };

  it('closes the sheet and stays on the page', async () => {
    render(<CardWithDialog />);
    await opened('Delete product PSTFSH-001');
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(dialogDepth()).toBeUndefined();
  });

  it('a sheet closed another way takes its entry back, so the next Back leaves the page as usual', async () => {
    render(<CardWithDialog />);
    await opened('Delete product PSTFSH-001');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(dialogDepth()).toBeUndefined());
  });

  it('closes a confirmation the same way', async () => {
    render(<CardWithQuestion />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete product PSTFSH-002' }));
    await screen.findByRole('alertdialog');
    await waitFor(() => expect(dialogDepth()).toBe(1));
    window.history.back();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
