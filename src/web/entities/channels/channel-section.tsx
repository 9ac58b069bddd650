import type { ReactNode } from 'react';
import { channelNames, type ApiChannel } from '@shared/domain/channel-listing';
import { StoreIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

/**
 * An API marketplace's section of the Marketplaces screen: its icon in the marketplace's colour, its name, its
 * connection in words (`${channel}-status`) and the action beside them (Connect), then the section's own content if any.
 */
export function ChannelSection({
  channel,
  iconClassName,
  status,
  action,
  wraps = false,
  children,
}: {
  channel: ApiChannel;
  iconClassName: string;
  status: ReactNode;
  action?: ReactNode;
  /** The action goes under the name on a narrow screen. */
  wraps?: boolean;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={`channel-${channel}`} className="flex flex-col gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5">
      <div className={cn('flex items-center gap-4', wraps && 'flex-wrap')}>
        <StoreIcon className={cn('size-6 shrink-0', iconClassName)} />
        <div className="min-w-0 flex-1">
          <h2 id={`channel-${channel}`} className="text-base font-semibold text-slate-900">
            {channelNames[channel]}
          </h2>
          <p className="text-sm break-words text-slate-600" data-testid={`${channel}-status`}>
            {status}
          </p>
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
