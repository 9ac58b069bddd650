import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { productSafetyMessages, productSafetyPaths, type BrandSafetyView } from '@shared/contracts/ebay-product-safety';
import { renderWithProviders } from '@/test/render-with-providers';
import { BrandSafetySheet } from './brand-safety-sheet';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Every PUT of a brand's details recorded (path and body) and answered as saved. */
function server() {
  const puts: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'PUT') return Response.json(null);
    const path = String(input);
    const body = JSON.parse(init.body as string) as Omit<BrandSafetyView, 'brand' | 'updatedAt'>;
    puts.push({ path, body });
    const brand = decodeURIComponent(path.split('/').pop()!);
    return Response.json({ brand, ...body, updatedAt: '2026-11-28T12:00:00.000Z' });
  });
  return puts;
}

function open(current: BrandSafetyView | null = null) {
  const onOpenChange = vi.fn();
  renderWithProviders(<BrandSafetySheet open onOpenChange={onOpenChange} current={current} />);
  const sheet = screen.getByRole('dialog');
  const group = (name: string) => within(sheet).getByRole('group', { name });
  const type = (where: HTMLElement, label: string, value: string) =>
    fireEvent.change(within(where).getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(within(sheet).getByRole('button', { name: 'Save Details' }));
  return { sheet, manufacturer: group('Manufacturer'), person: group('EU responsible person'), type, save, onOpenChange };
}

describe('BrandSafetySheet', () => {
  it('names everything eBay would refuse once Save is tried, follows the fixes, then sends the details trimmed', async () => {
    const puts = server();
    const { sheet, manufacturer, person, type, save, onOpenChange } = open();
    expect(within(sheet).queryByTestId('brand-safety-problems')).toBeNull();
    save();
    const problems = await within(sheet).findByTestId('brand-safety-problems');
    expect([...problems.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Enter the brand',
      'Manufacturer: enter the company name',
      'Manufacturer: give an address, an e-mail, a website or a phone number',
      'EU responsible person: enter the company name',
      'EU responsible person: give an address, an e-mail, a website or a phone number',
      'The manufacturer or the EU responsible person must have an address in the EU',
    ]);

    fireEvent.change(within(sheet).getByLabelText('Brand'), { target: { value: ' Boden ' } });
    type(manufacturer, 'Company name', 'Boden Ltd');
    type(manufacturer, 'E-mail', 'safety@boden.example');
    type(manufacturer, 'Country code (e.g. IE)', 'gb');
    type(person, 'Company name', 'Boden EU Representative');
    type(person, 'Street', '5 Merrion Square');
    type(person, 'City', 'Dublin');
    type(person, 'Postal code', 'D02 X285');
    type(person, 'Country code (e.g. IE)', 'ie');
    // The country in capitals as typed.
    expect(within(person).getByLabelText('Country code (e.g. IE)')).toHaveProperty('value', 'IE');
    expect([...within(sheet).getByTestId('brand-safety-problems').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Manufacturer: an address needs the street, city, postal code and country',
    ]);
    type(manufacturer, 'Country code (e.g. IE)', '');
    expect(within(sheet).queryByTestId('brand-safety-problems')).toBeNull();
    type(person, 'Website', ' https://eu.boden.example/safety ');
    save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(puts).toEqual([
      {
        path: productSafetyPaths.brand('Boden'),
        body: {
          manufacturer: { companyName: 'Boden Ltd', email: 'safety@boden.example' },
          responsiblePerson: {
            companyName: 'Boden EU Representative',
            addressLine1: '5 Merrion Square',
            city: 'Dublin',
            postalCode: 'D02 X285',
            country: 'IE',
            contactUrl: 'https://eu.boden.example/safety',
          },
        },
      },
    ]);
    expect(within(screen.getByTestId('toasts')).getByText('Product safety details saved for Boden')).toBeTruthy();
  });

  it('says what the server’s contract refuses by its field, before sending', async () => {
    const puts = server();
    const { sheet, manufacturer, person, type, save } = open();
    fireEvent.change(within(sheet).getByLabelText('Brand'), { target: { value: 'Boden' } });
    type(manufacturer, 'Company name', 'Boden Ltd');
    type(manufacturer, 'E-mail', 'safety at boden');
    type(person, 'Company name', 'Boden EU Representative');
    type(person, 'Street', '5 Merrion Square');
    type(person, 'City', 'Dublin');
    type(person, 'Postal code', 'D02 X285');
    type(person, 'Country code (e.g. IE)', 'IE');
    save();
    expect(await within(manufacturer).findByText(productSafetyMessages.email)).toBeTruthy();
    expect(within(manufacturer).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(within(sheet).queryByTestId('brand-safety-problems')).toBeNull();
    expect(puts).toEqual([]);
  });

  it('edits a saved brand’s details: the brand stays as it is', async () => {
    const puts = server();
    const current: BrandSafetyView = {
      brand: 'Boden',
      manufacturer: { companyName: 'Boden Ltd', email: 'safety@boden.example' },
      responsiblePerson: {
        companyName: 'Boden EU Representative',
        addressLine1: '5 Merrion Square',
        city: 'Dublin',
        postalCode: 'D02 X285',
        country: 'IE',
      },
      updatedAt: '2026-11-27T12:00:00.000Z',
    };
    const { sheet, manufacturer, type, save, onOpenChange } = open(current);
    expect(within(sheet).getByRole('heading', { name: 'Product safety: Boden' })).toBeTruthy();
    expect(within(sheet).getByLabelText('Brand')).toHaveProperty('disabled', true);
    expect(within(sheet).getByLabelText('Brand')).toHaveProperty('value', 'Boden');
    type(manufacturer, 'Phone', '+44 20 7000 0000');
    save();
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(puts).toEqual([
      {
        path: productSafetyPaths.brand('Boden'),
        body: {
          manufacturer: { companyName: 'Boden Ltd', email: 'safety@boden.example', phone: '+44 20 7000 0000' },
          responsiblePerson: current.responsiblePerson,
        },
      },
    ]);
  });
});
