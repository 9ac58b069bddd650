import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { setLocationBody, type EbayLocation } from '@shared/contracts/ebay';
import { regionWords } from '@shared/domain/region-words';
import { Sheet, SheetForm, SheetHeader } from '@/components/sheet';
import { TextField } from '@/components/text-field';
import { useSellerRegion } from '@/entities/seller-region/use-seller-region';
import { useSetLocation } from './api/ebay-account';
import { SelectField } from '@/components/select-field';
import { useSaveAndClose, type EditSheetProps } from './save-sheet';

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
export function LocationSheet({ open, onOpenChange, current }: EditSheetProps<EbayLocation>) {
  const save = useSetLocation();
  // Where the seller sells from, until they say otherwise: the location's country is their marketplace's.
  const regionCountry = useSellerRegion().data?.country;
  const { register, handleSubmit, watch, setValue, getFieldState, formState } = useForm({
    resolver: zodResolver(setLocationBody),
    defaultValues: {
      name: current?.name ?? 'Home',
      addressLine1: current?.addressLine1 ?? '',
      city: current?.city ?? '',
      stateOrProvince: current?.stateOrProvince ?? '',
      postalCode: current?.postalCode ?? '',
      country: current?.country ?? regionCountry ?? 'US',
    },
  });
  useEffect(() => {
    if (!current && regionCountry && !getFieldState('country').isDirty) setValue('country', regionCountry);
  }, [current, regionCountry, getFieldState, setValue]);
  // The region in the words of the address's country: a UK address has a County.
  const words = regionWords(watch('country'));
  const { errors } = formState;

  const submit = handleSubmit(useSaveAndClose(save, onOpenChange, 'Default location saved'));

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined}>
      <SheetHeader title="Default location" description="Where your items ship from. eBay needs it before a listing can go live." />
      <SheetForm
        onSubmit={(event) => void submit(event)}
        noValidate
        error={save.error?.message}
        submit="Save Location"
        pending={save.isPending}
        onCancel={() => onOpenChange(false)}
      >
        <TextField label="Location name" {...register('name')} error={errors.name?.message} />
        <TextField
          label="Street address (optional)"
          autoComplete="address-line1"
          {...register('addressLine1')}
          error={errors.addressLine1?.message}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="City" autoComplete="address-level2" {...register('city')} error={errors.city?.message} />
          <TextField
            label={words.region}
            autoComplete="address-level1"
            {...register('stateOrProvince')}
            error={errors.stateOrProvince?.message}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Postal code" autoComplete="postal-code" {...register('postalCode')} error={errors.postalCode?.message} />
          <SelectField label="Country" {...register('country')}>
            {countries.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      </SheetForm>
    </Sheet>
  );
}
