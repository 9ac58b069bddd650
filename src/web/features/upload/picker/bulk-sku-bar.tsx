import { useState, type KeyboardEvent } from 'react';
import { normaliseSku, skuProblem } from '@shared/domain/sku';
import { Button } from '@/components/button';
import { UploadIcon } from '@/components/icons';
import { checkTypedSku, SkuFieldNote } from '@/entities/items/sku-field-note';
import { cn } from '@/lib/cn';
import { useSkuTaken } from '../api/sku-available';

interface BulkSkuBarProps {
  selectedCount: number;
  imageCount: number;
  /** Assigns the SKU to the selected photos. */
  onAssign: (sku: string) => void;
  /** Uploads everything; with a SKU, assigns it to the selection first. */
  onUpload: (assign?: string) => void;
  value: string;
  onValueChange: (value: string) => void;
  /** Why a SKU typed under a photo cannot be used ("SKU for photo 3: ..."): Upload is refused until it is fixed. */
  tileProblem: string | null;
}

/** Bulk SKU input: Enter assigns, Ctrl/Cmd+Enter assigns and uploads. */
export function BulkSkuBar({ selectedCount, imageCount, onAssign, onUpload, value, onValueChange, tileProblem }: BulkSkuBarProps) {
  const [error, setError] = useState<string | null>(null);
  const check = checkTypedSku(value);
  const taken = useSkuTaken(check.problem ? '' : value);

  function validSku(): string | null {
    const problem = skuProblem(value);
    if (problem) {
      setError(problem);
      return null;
    }
    if (selectedCount === 0) {
      setError('Select the photos to give this SKU');
      return null;
    }
    setError(null);
    return value;
  }

  function assign() {
    const sku = validSku();
    if (sku) onAssign(sku);
  }

  function upload() {
    if (tileProblem) {
      setError(tileProblem);
      return;
    }
    if (value.trim() !== '' && selectedCount === 0) {
      // Never drop a typed SKU silently: say why it cannot be applied.
      setError(`No photos selected for ${normaliseSku(value)}: select its photos, or clear the field`);
      return;
    }
    if (value.trim() !== '' && selectedCount > 0) {
      const sku = validSku();
      if (sku) onUpload(sku);
      return;
    }
    setError(null);
    onUpload();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (event.ctrlKey || event.metaKey) upload();
    else assign();
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex gap-2">
        <input
          value={value}
          onChange={(event) => {
            onValueChange(event.target.value.toUpperCase());
            setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-label="SKU for selected photos"
          aria-invalid={error || check.problem ? true : undefined}
          aria-describedby={error ? 'bulk-sku-error' : 'bulk-sku-hint'}
          placeholder="Type a SKU"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className={cn(
            'h-11 min-w-0 flex-1 rounded-xl border bg-white px-3 font-mono text-base uppercase shadow-sm outline-none transition sm:text-sm',
            'placeholder:font-sans placeholder:normal-case placeholder:text-slate-400 focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100',
            error || check.problem ? 'border-red-400' : check.typo ? 'border-amber-400' : 'border-slate-300',
          )}
        />
        <Button variant="secondary" onClick={assign} disabled={selectedCount === 0}>
          Assign
        </Button>
        <Button variant="success" onClick={upload} disabled={imageCount === 0}>
          <UploadIcon className="size-4" />
          Upload
        </Button>
      </div>
      {error ? (
        <p id="bulk-sku-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : check.problem || check.typo ? (
        <SkuFieldNote id="bulk-sku-hint" check={check} onFix={onValueChange} className="text-sm" />
      ) : taken ? (
        <p id="bulk-sku-hint" role="status" data-testid="sku-taken" className="text-sm font-medium text-amber-800">
          {taken} is already used by one of your products: choose another SKU.
        </p>
      ) : (
        <p id="bulk-sku-hint" className="hidden text-xs text-slate-500 sm:block">
          Enter assigns · Ctrl/⌘+Enter assigns and uploads · Ctrl/⌘+click or Shift+click selects several
        </p>
      )}
    </div>
  );
}
