import { useState, type FormEvent } from 'react';
import type { BrandSafetyView, SafetyContactView } from '@shared/contracts/product-safety';
import { brandSafetyProblems } from '@shared/domain/product-safety';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { Sheet, SheetHeader } from '@/components/sheet';
import { TextField } from '@/components/text-field';
import { useToast } from '@/components/toast';
import { useSaveBrandSafety } from './api/product-safety';

const emptyContact: SafetyContactView = { companyName: '' };
type ContactField = 'companyName' | 'addressLine1' | 'city' | 'postalCode' | 'country' | 'email' | 'contactUrl' | 'phone';

const fields: Array<[ContactField, string, string | undefined]> = [
  ['companyName', 'Company name', 'organization'],
  ['addressLine1', 'Street', 'address-line1'],
  ['city', 'City', 'address-level2'],
  ['postalCode', 'Postal code', 'postal-code'],
  ['country', 'Country code (e.g. IE)', 'country'],
  ['email', 'E-mail', 'email'],
  ['contactUrl', 'Website', 'url'],
  ['phone', 'Phone', 'tel'],
];

function ContactFields({
  legend,
  idPrefix,
  value,
  onChange,
}: {
  legend: string;
  idPrefix: string;
  value: SafetyContactView;
  onChange(next: SafetyContactView): void;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map(([field, label, autoComplete]) => (
          <TextField
            key={field}
            id={`${idPrefix}-${field}`}
            label={label}
            autoComplete={autoComplete ? `section-${idPrefix} ${autoComplete}` : 'off'}
            inputMode={field === 'email' ? 'email' : field === 'contactUrl' ? 'url' : field === 'phone' ? 'tel' : undefined}
            value={value[field] ?? ''}
            onChange={(event) =>
              onChange({ ...value, [field]: field === 'country' ? event.target.value.toUpperCase() : event.target.value })
            }
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A brand's EU product safety details (GPSR), entered once and sent with each of its listings on eBay's EU and UK
 * marketplaces: the manufacturer and the EU responsible person, checked against eBay's rules before saving.
 */
export function BrandSafetySheet({
  open,
  onOpenChange,
  current,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  current: BrandSafetyView | null;
}) {
  const save = useSaveBrandSafety();
  const notify = useToast();
  const [brand, setBrand] = useState(current?.brand ?? '');
  const [manufacturer, setManufacturer] = useState<SafetyContactView>(current?.manufacturer ?? emptyContact);
  const [responsiblePerson, setResponsiblePerson] = useState<SafetyContactView>(current?.responsiblePerson ?? emptyContact);
  const [touched, setTouched] = useState(false);
  const problems = [...(brand.trim() ? [] : ['Enter the brand']), ...brandSafetyProblems({ manufacturer, responsiblePerson })];

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (problems.length) return;
    save.mutate(
      { brand: brand.trim(), details: { manufacturer, responsiblePerson } },
      {
        onSuccess: (saved) => {
          notify('success', `Product safety details saved for ${saved.brand}`);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined} size="lg">
      <SheetHeader
        title={current ? `Product safety: ${current.brand}` : 'Add a brand’s product safety details'}
        description="eBay UK and eBay's EU sites show who made the item and who answers for it in the EU."
      />
      <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
        <div className="flex flex-1 flex-col gap-4 overflow-y-auto px-4 py-4 sm:px-6">
          <TextField
            label="Brand"
            value={brand}
            disabled={Boolean(current)}
            onChange={(e) => setBrand(e.target.value)}
            autoComplete="off"
          />
          <ContactFields legend="Manufacturer" idPrefix="manufacturer" value={manufacturer} onChange={setManufacturer} />
          <ContactFields legend="EU responsible person" idPrefix="responsible" value={responsiblePerson} onChange={setResponsiblePerson} />
          {touched && problems.length > 0 && (
            <Alert tone="error" title="Before saving">
              <ul className="list-disc pl-5" data-testid="brand-safety-problems">
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </Alert>
          )}
          {save.isError && <Alert tone="error">{save.error.message}</Alert>}
        </div>
        <footer className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end sm:px-6">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save Details
          </Button>
        </footer>
      </form>
    </Sheet>
  );
}
