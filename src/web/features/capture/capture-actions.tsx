import type { ComponentType, SVGProps } from 'react';
import { CameraIcon, HomeIcon, ImagesIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

interface ActionProps {
  label: string;
  detail: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  onClick: () => void;
  disabled?: boolean;
  tone: 'primary' | 'secondary' | 'plain';
}

const tones = {
  primary: 'bg-gradient-to-br from-indigo-600 to-indigo-500 text-white shadow-md hover:shadow-lg',
  secondary: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-200 shadow-sm hover:ring-indigo-300 hover:bg-indigo-50/40',
  plain: 'bg-white text-slate-900 ring-1 ring-inset ring-slate-200 shadow-sm hover:bg-slate-50',
};
const iconTones = { primary: 'bg-white/20', secondary: 'bg-indigo-100 text-indigo-600', plain: 'bg-slate-100 text-slate-600' };

function ActionButton({ label, detail, Icon, onClick, disabled, tone }: ActionProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={cn(
        'flex items-center gap-4 rounded-2xl p-5 text-left transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
        'disabled:cursor-not-allowed disabled:opacity-50 sm:min-h-40 sm:flex-col sm:items-start sm:justify-between',
        tones[tone],
      )}
    >
      <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-xl', iconTones[tone])}>
        <Icon className="size-7" />
      </span>
      <span>
        <span className="block text-lg font-semibold leading-tight">{label}</span>
        <span className={cn('mt-1 block text-sm', tone === 'primary' ? 'text-white/80' : 'text-slate-500')}>{detail}</span>
      </span>
    </button>
  );
}

interface CaptureActionsProps {
  onTakePhotos: () => void;
  onUploadFiles: () => void;
  onDashboard: () => void;
  busy: boolean;
}

/** Take Photos, Upload Files, Dashboard. */
export function CaptureActions({ onTakePhotos, onUploadFiles, onDashboard, busy }: CaptureActionsProps) {
  return (
    <section aria-label="Capture options" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <ActionButton
        tone="primary"
        label="Take Photos"
        detail="Use the camera for one product"
        Icon={CameraIcon}
        onClick={onTakePhotos}
        disabled={busy}
      />
      <ActionButton
        tone="secondary"
        label="Upload Files"
        detail="Choose photos and assign SKUs"
        Icon={ImagesIcon}
        onClick={onUploadFiles}
      />
      <ActionButton tone="plain" label="Dashboard" detail="Your product batches" Icon={HomeIcon} onClick={onDashboard} />
    </section>
  );
}
