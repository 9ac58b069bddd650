import type { RefObject } from 'react';
import { Button } from '@/components/button';
import { ImagesIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';

/** Spec: "Files warning threshold: more than 50". */
const MANY_FILES = 50;
const ACCEPT = 'image/*,.heic,.heif';

interface PhotoPickerProps {
  inputRef: RefObject<HTMLInputElement | null>;
  compact: boolean;
  fileCount: number;
  processing: boolean;
  onFiles: (files: FileList) => void;
}

/** The file picker (images, multiple): a large drop area when empty, one button once photos are chosen. */
export function PhotoPicker({ inputRef, compact, fileCount, processing, onFiles }: PhotoPickerProps) {
  const input = (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPT}
      multiple
      className="sr-only"
      tabIndex={-1}
      aria-label="Choose photos"
      data-testid="upload-file-input"
      onChange={(event) => {
        if (event.target.files?.length) onFiles(event.target.files);
        event.target.value = '';
      }}
    />
  );
  const choose = () => inputRef.current?.click();
  const many = fileCount > MANY_FILES && processing;

  return (
    <>
      {input}
      {many && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          <Spinner className="size-4" />
          Processing {fileCount} images... This may take a moment.
        </p>
      )}
      {compact ? (
        <Button variant="secondary" size="sm" onClick={choose} className="self-start">
          <ImagesIcon className="size-4" />
          Add More Photos
        </Button>
      ) : (
        <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center sm:py-14">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-600">
            <ImagesIcon className="size-7" />
          </span>
          <div>
            <p className="font-semibold text-slate-900">Choose the photos to upload</p>
            <p className="mt-1 text-sm text-slate-500">
              <span className="hidden sm:inline">Or drag and drop them here. </span>JPEG, PNG, WebP or HEIC.
            </p>
          </div>
          <Button onClick={choose}>
            <ImagesIcon className="size-5" />
            Choose Photos
          </Button>
        </div>
      )}
    </>
  );
}
