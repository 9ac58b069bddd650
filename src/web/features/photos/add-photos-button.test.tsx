import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { AddPhotosButton } from './add-photos-button';

vi.mock('./api/add-photos', () => ({
  addPhotos: vi.fn(() => Promise.reject(new Error('Network error'))),
}));

afterEach(cleanup);

function pick() {
  fireEvent.click(screen.getByRole('menuitem', { name: 'Add photos to PSTFSH-001' }));
  const input = screen.getByLabelText('Photos to add to PSTFSH-001');
  fireEvent.change(input, { target: { files: [new File(['x'], 'tag.jpg', { type: 'image/jpeg' })] } });
}

describe('Add photos from the phone card menu', () => {
  it('says a failure in a notice, since the menu it was picked from has closed', async () => {
    renderWithProviders(
      <div hidden data-testid="closed-menu">
        <AddPhotosButton itemId="item-1" sku="PSTFSH-001" inMenu />
      </div>,
    );
    // The closed menu keeps the button mounted but hidden, as the phone's menu does.
    const menu = screen.getByTestId('closed-menu');
    menu.hidden = false;
    pick();
    menu.hidden = true;
    await waitFor(() => expect(screen.getByTestId('toasts').textContent).toContain('Failed to add photos: Network error'));
    expect(menu.querySelector('[role="alert"]')).toBeNull();
  });
});
