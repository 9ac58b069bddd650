import type { ComponentType, SVGProps } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/config/paths';
import { CameraIcon, SparklesIcon, StoreIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

/** A marketplace's large button to its own screen (eBay: "Publish to eBay"), from the web registry through the app. */
export interface ChannelAction {
  label: string;
  detail: string;
  /** One of the app's paths. */
  to: string;
}

interface Action extends ChannelAction {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
  /** Why the action cannot be taken yet; the button is disabled and says so. */
  unavailable?: string;
}

const actions: Action[] = [
  {
    label: 'Create New Product Batch',
    detail: 'Photograph or upload a product',
    to: paths.capture,
    Icon: CameraIcon,
    tone: 'from-indigo-600 to-indigo-500',
  },
  {
    label: 'Generate Listings',
    detail: 'Let AI write titles, prices and details',
    to: paths.listings,
    Icon: SparklesIcon,
    tone: 'from-purple-600 to-fuchsia-500',
  },
];

/** The dashboard's large buttons: its own two, then each marketplace's to its screen (one today: three in a row). */
export function DashboardActions({ channelActions = [] }: { channelActions?: readonly ChannelAction[] }) {
  const navigate = useNavigate();
  const shown: Action[] = [
    ...actions,
    ...channelActions.map((action) => ({ ...action, Icon: StoreIcon, tone: 'from-emerald-600 to-teal-500' })),
  ];
  return (
    <section aria-label="Actions" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      {shown.map(({ label, detail, to, Icon, tone, unavailable }) => (
        <button
          key={label}
          type="button"
          onClick={() => void navigate(to)}
          disabled={Boolean(unavailable)}
          aria-describedby={unavailable ? `${to}-note` : undefined}
          className={cn(
            'group flex items-center gap-4 rounded-2xl bg-gradient-to-br p-4 text-left sm:p-5 text-white shadow-md transition hover:shadow-lg',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:min-h-36 sm:flex-col sm:items-start sm:justify-between',
            'disabled:cursor-not-allowed disabled:from-slate-400 disabled:to-slate-300 disabled:shadow-none',
            tone,
          )}
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white/20">
            <Icon className="size-7" />
          </span>
          <span>
            <span className="block text-lg font-semibold leading-tight">{label}</span>
            <span className="mt-1 block text-sm text-white/85" id={unavailable ? `${to}-note` : undefined}>
              {unavailable ?? detail}
            </span>
          </span>
        </button>
      ))}
    </section>
  );
}
