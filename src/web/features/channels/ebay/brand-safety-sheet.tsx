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
import { useToast } from '@/components/toast';
import { revealFirstInvalid } from '@/lib/forms/reveal-first-invalid';
import { useSaveBrandSafety } from './api/product-safety';
import { tell } from '@/lib/told';

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

function ContactInput({
  control,
  who,
  field,
  label,
  idPrefix,
  autoComplete,
}: {
  control: SheetControl;
  who: Who;
  field: ContactField;
  label: string;
  idPrefix: string;
  autoComplete: string | undefined;
}) {
  const { field: input, fieldState } = useController({ control, name: `${who}.${field}` });
  return (
    <TextField
      id={`${idPrefix}-${field}`}
      label={label}
      autoComplete={autoComplete ? `section-${idPrefix} ${autoComplete}` : 'off'}
      inputMode={field === 'email' ? 'email' : field === 'contactUrl' ? 'url' : field === 'phone' ? 'tel' : undefined}
      value={input.value ?? ''}
      onChange={(event) => input.onChange(field === 'country' ? event.target.value.toUpperCase() : event.target.value)}
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
        {fields.map(([field, label, autoComplete]) => (
          <ContactInput
            key={field}
            control={control}
            who={who}
            field={field}
            label={label}
            idPrefix={idPrefix}
            autoComplete={autoComplete}
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
    ({ brand, ...details }) =>
      tell(
        save,
        { brand, details },
        {
          onSuccess: (saved) => {
            notify('success', `Product safety details saved for ${saved.brand}`);
            onOpenChange(false);
          },
        },
      ),
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
