import { useState, type FormEvent } from 'react';
import type { EbayLocation } from '@shared/contracts/ebay';
import { regionWords } from '@shared/domain/region-words';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Sheet, SheetHeader } from '@/components/sheet';
import { TextField } from '@/components/text-field';
import { useToast } from '@/components/toast';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { useSetLocation } from './api/ebay-account';
import { SelectField } from './form-controls';

const countries: Array<[string, string]> = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['GB', 'United Kingdom'],
  ['AU', 'Australia'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
];

/** The default inventory location: given once (postal code and country at least), created on eBay, shown on the card. */
export function LocationSheet({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  current: EbayLocation | null;
}) {
  const save = useSetLocation();
  const notify = useToast();
  const [name, setName] = useState(current?.name ?? 'Home');
  const [addressLine1, setAddressLine1] = useState(current?.addressLine1 ?? '');
  const [city, setCity] = useState(current?.city ?? '');
  const [stateOrProvince, setStateOrProvince] = useState(current?.stateOrProvince ?? '');
  const [postalCode, setPostalCode] = useState(current?.postalCode ?? '');
  // Where the seller sells from, until they say otherwise: the location's country is their marketplace's.
  const regionCountry = useSellerRegion().data?.country;
  const [country, setCountry] = useState(current?.country ?? regionCountry ?? 'US');
  // The region in the words of the address's country: a UK address has a County.
  const words = regionWords(country);
  const [touched, setTouched] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!name.trim() || !postalCode.trim()) return;
    save.mutate(
      { name, addressLine1, city, stateOrProvince, postalCode, country },
      {
        onSuccess: () => {
          notify('success', 'Default location saved');
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title="Default location" description="Where your items ship from. eBay needs it before a listing can go live." />
      <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
        <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6">
          <TextField
            label="Location name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={touched && !name.trim() ? 'Name is required' : null}
          />
          <TextField
            label="Street address (optional)"
            autoComplete="address-line1"
            value={addressLine1}
            onChange={(e) => setAddressLine1(e.target.value)}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="City" autoComplete="address-level2" value={city} onChange={(e) => setCity(e.target.value)} />
            <TextField
              label={words.region}
              autoComplete="address-level1"
              value={stateOrProvince}
              onChange={(e) => setStateOrProvince(e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Postal code"
              autoComplete="postal-code"
              value={postalCode}
              onChange={(e) => setPostalCode(e.target.value)}
              error={touched && !postalCode.trim() ? 'Postal code is required' : null}
            />
            <SelectField label="Country" value={country} onChange={(e) => setCountry(e.target.value)}>
              {countries.map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        </div>
        <footer className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end sm:px-6">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Location
          </Button>
        </footer>
      </form>
    </Sheet>
  );
}
