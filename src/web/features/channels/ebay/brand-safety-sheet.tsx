import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useController, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { brandParams, brandSafetyBody, safetyContactView, type BrandSafetyView } from '@shared/contracts/ebay-product-safety';
import { brandSafetyProblems } from '@shared/domain/product-safety';
import { Alert } from '@/components/alert';
import { LineList } from '@/components/line-list';
import { Sheet, SheetForm, SheetHeader } from '@/components/sheet';
import { TextField } from '@/components/text-field';
import { revealFirstInvalid } from '@/lib/forms/reveal-first-invalid';
import { useSaveBrandSafety } from './api/product-safety';
import { useSaveAndClose, type EditSheetProps } from './save-sheet';

type ContactField = 'companyName' | 'addressLine1' | 'city' | 'postalCode' | 'country' | 'email' | 'contactUrl' | 'phone';

/** A contact's field: its name in the details, its label, and what the browser may fill it with. */
interface ContactFieldSpec {
  name: ContactField;
  label: string;
  autoComplete: string;
}

const fields: ContactFieldSpec[] = [
  { name: 'companyName', label: 'Company name', autoComplete: 'organization' },
  { name: 'addressLine1', label: 'Street', autoComplete: 'address-line1' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country code (e.g. IE)', autoComplete: 'country' },
  { name: 'email', label: 'E-mail', autoComplete: 'email' },
  { name: 'contactUrl', label: 'Website', autoComplete: 'url' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel' },
];

/** The sheet as typed: the brand and the two contacts, as saved details are (any field may be empty). */
const brandSafetyDraft = z.object({ brand: z.string(), manufacturer: safetyContactView, responsiblePerson: safetyContactView });
type BrandSafetyDraft = z.input<typeof brandSafetyDraft>;

/** What stops the save, in the seller's words, all at once: no brand, and what eBay would refuse in the details. */
const sheetProblems = (draft: BrandSafetyDraft) => [...(draft.brand.trim() ? [] : ['Enter the brand']), ...brandSafetyProblems(draft)];

/**
 * The sheet's check: the brand and eBay's rules first (`sheetProblems`, said in one list), then the contract's own
 * (`brandSafetyBody`, the brand as `brandParams` takes it), said by their fields. What it sends is the body as the
 * server reads it: trimmed, empty fields dropped, the country in capitals.
 */
const brandSafetyFields = brandSafetyDraft
  .superRefine((draft, ctx) => {
    if (sheetProblems(draft).length) ctx.addIssue({ code: 'custom', path: ['root'], message: 'Before saving' });
  })
  .pipe(brandSafetyBody.extend({ brand: brandParams.shape.brand }));

type Who = 'manufacturer' | 'responsiblePerson';
type SheetControl = Control<BrandSafetyDraft, unknown, z.output<typeof brandSafetyFields>>;

function ContactInput({ control, who, idPrefix, field }: { control: SheetControl; who: Who; idPrefix: string; field: ContactFieldSpec }) {
  const { name, label, autoComplete } = field;
  const { field: input, fieldState } = useController({ control, name: `${who}.${name}` });
  return (
    <TextField
      id={`${idPrefix}-${name}`}
      label={label}
      autoComplete={`section-${idPrefix} ${autoComplete}`}
      inputMode={name === 'email' ? 'email' : name === 'contactUrl' ? 'url' : name === 'phone' ? 'tel' : undefined}
      value={input.value ?? ''}
      onChange={(event) => input.onChange(name === 'country' ? event.target.value.toUpperCase() : event.target.value)}
      onBlur={input.onBlur}
      error={fieldState.error?.message}
    />
  );
}

function ContactFields({ legend, idPrefix, who, control }: { legend: string; idPrefix: string; who: Who; control: SheetControl }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => (
          <ContactInput key={field.name} control={control} who={who} idPrefix={idPrefix} field={field} />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A brand's EU product safety details (GPSR), entered once and sent with each of its listings on eBay's EU and UK
 * marketplaces: the manufacturer and the EU responsible person, checked against eBay's rules before saving.
 */
export function BrandSafetySheet({ open, onOpenChange, current }: EditSheetProps<BrandSafetyView>) {
  const save = useSaveBrandSafety();
  const saveAndClose = useSaveAndClose(save, onOpenChange, (saved) => `Product safety details saved for ${saved.brand}`);
  const { control, register, handleSubmit, watch, formState } = useForm({
    resolver: zodResolver(brandSafetyFields),
    shouldFocusError: false,
    defaultValues: {
      brand: current?.brand ?? '',
      manufacturer: current?.manufacturer ?? { companyName: '' },
      responsiblePerson: current?.responsiblePerson ?? { companyName: '' },
    },
  });
  // Said once Save is tried, and as the seller fixes them.
  const problems = sheetProblems(watch());

  const formRef = useRef<HTMLFormElement>(null);
  const submit = handleSubmit(
    ({ brand, ...details }) => saveAndClose({ brand, details }),
    // eBay's rules are said in the list at the foot (it brings itself into view); a field's own error by its field.
    () => revealFirstInvalid(formRef.current),
  );

  return (
    <Sheet open={open} onOpenChange={onOpenChange} aria-describedby={undefined} size="lg">
      <SheetHeader
        title={current ? `Product safety: ${current.brand}` : 'Add a brand’s product safety details'}
        description="eBay UK and eBay's EU sites show who made the item and who answers for it in the EU."
      />
      <SheetForm
        ref={formRef}
        onSubmit={(event) => void submit(event)}
        noValidate
        error={save.error?.message}
        submit="Save Details"
        pending={save.isPending}
        onCancel={() => onOpenChange(false)}
      >
        <TextField
          label="Brand"
          {...register('brand')}
          disabled={Boolean(current)}
          autoComplete="off"
          error={formState.errors.brand?.message}
        />
        <ContactFields legend="Manufacturer" idPrefix="manufacturer" who="manufacturer" control={control} />
        <ContactFields legend="EU responsible person" idPrefix="responsible" who="responsiblePerson" control={control} />
        {formState.isSubmitted && problems.length > 0 && (
          <Alert tone="error" title="Before saving" reveal>
            <LineList lines={problems} className="list-disc pl-5" data-testid="brand-safety-problems" />
          </Alert>
        )}
      </SheetForm>
    </Sheet>
  );
}
