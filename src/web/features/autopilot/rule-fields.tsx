import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { autopilotLimits, type AutopilotPriceBasis } from '@shared/contracts/autopilot';
import { webPaths } from '@shared/contracts/web-paths';
import { apiChannels, channelNames, type ApiChannel } from '@shared/domain/channel-listing';
import { TouchCheckbox } from '@/components/touch-checkbox';
import type { ChannelConnection } from '@/entities/channels/use-channel-connections';
import { cn } from '@/lib/cn';
import { MoneyFormField } from '@/lib/forms/money-form-field';
import type { RuleFieldValues } from './rule-draft';
import { comparablesFrom } from '@shared/contracts/marketplace-registry';

export const ruleWords = {
  channels: 'Publish on',
  connect: 'Connect it on the Marketplaces screen',
  checking: 'Checking the connection...',
  connected: 'Connected',
  price: 'Price',
  ai: "The AI's price",
  aiHint: 'The price the AI suggests from the photos and details.',
  comparables: `Comparable listings on ${comparablesFrom.name}`,
  comparablesHint: 'The median price of similar live listings, minus or plus a percent.',
  percent: 'Minus or plus (%)',
  percentHint: 'For example -10 to sell faster, or 5 to ask a little more.',
  floor: 'Floor price (optional)',
  floorHint: 'Nothing is published under it by itself: the product waits for you instead.',
} as const;

const priceOptions: { basis: AutopilotPriceBasis; label: string; hint: string }[] = [
  { basis: 'ai', label: ruleWords.ai, hint: ruleWords.aiHint },
  { basis: 'comparables', label: ruleWords.comparables, hint: ruleWords.comparablesHint },
];

/**
 * The channels and the price rule of "Publish when ready" (the default's sheet and a batch's share it), in the form
 * around it (`FormProvider`); the floor is typed in `currency`. What is wrong is said by the form, in one message.
 */
export function RuleFields({ connections, currency }: { connections: Record<ApiChannel, ChannelConnection>; currency: string }) {
  const id = useId();
  const { control, register } = useFormContext<RuleFieldValues>();
  const { field: channels } = useController({ control, name: 'channels' });
  const { field: basis } = useController({ control, name: 'priceBasis' });
  const toggle = (channel: ApiChannel) =>
    channels.onChange(
      channels.value.includes(channel)
        ? channels.value.filter((c) => c !== channel)
        : apiChannels.filter((c) => c === channel || channels.value.includes(c)),
    );

  return (
    <>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">{ruleWords.channels}</legend>
        {apiChannels.map((channel) => {
          const connection = connections[channel];
          const noteId = `${id}-${channel}-note`;
          return (
            <div
              key={channel}
              className="flex items-center gap-3 rounded-xl px-3 py-2 ring-1 ring-slate-200"
              data-testid={`autopilot-channel-${channel}`}
            >
              <TouchCheckbox
                checked={channels.value.includes(channel)}
                disabled={connection !== 'connected'}
                onChange={() => toggle(channel)}
                aria-label={channelNames[channel]}
                aria-describedby={noteId}
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-slate-900">{channelNames[channel]}</p>
                <p id={noteId} className="text-xs text-slate-600">
                  {connection === 'connected' ? (
                    ruleWords.connected
                  ) : connection === 'unknown' ? (
                    ruleWords.checking
                  ) : (
                    <Link
                      to={webPaths.channels}
                      className="inline-flex min-h-11 items-center font-semibold text-indigo-700 underline sm:min-h-0"
                    >
                      {ruleWords.connect}
                    </Link>
                  )}
                </p>
              </div>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">{ruleWords.price}</legend>
        {priceOptions.map(({ basis: option, label, hint }) => (
          <label
            key={option}
            htmlFor={`${id}-basis-${option}`}
            className={cn(
              'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl px-3 py-2.5 ring-1',
              basis.value === option ? 'bg-indigo-50 ring-indigo-300' : 'ring-slate-200',
            )}
          >
            <input
              type="radio"
              id={`${id}-basis-${option}`}
              name={`${id}-basis`}
              value={option}
              checked={basis.value === option}
              onChange={() => basis.onChange(option)}
              className="mt-0.5 size-5 shrink-0 accent-indigo-600"
            />
            <span className="min-w-0 text-sm font-semibold text-slate-900">
              {label}
              <span className="block text-xs font-normal text-slate-600">{hint}</span>
            </span>
          </label>
        ))}
        {basis.value === 'comparables' && (
          <div className="flex flex-col gap-1.5 pl-1">
            <label htmlFor={`${id}-percent`} className="text-sm font-medium text-slate-700">
              {ruleWords.percent}
            </label>
            <input
              id={`${id}-percent`}
              // eslint-disable-next-line no-restricted-syntax -- a whole percent, not an amount
              type="number"
              // Minus or plus a percent: an iPhone's numeric pad has no minus key; a number field's own keyboard has.
              step={1}
              min={autopilotLimits.minPercent}
              max={autopilotLimits.maxPercent}
              {...register('percent')}
              aria-describedby={`${id}-percent-hint`}
              className="h-11 w-32 rounded-xl border border-slate-300 bg-white px-3 text-base tabular-nums text-slate-900 shadow-sm outline-none focus:border-indigo-500 focus:ring-4 focus:ring-indigo-100 sm:text-sm"
            />
            <p id={`${id}-percent-hint`} className="text-xs text-slate-500">
              {ruleWords.percentHint}
            </p>
          </div>
        )}
      </fieldset>

      <MoneyFormField
        control={control}
        name="floor"
        problemSaid="form"
        id={`${id}-floor`}
        label={ruleWords.floor}
        labelClassName="text-sm font-semibold text-slate-800"
        fieldClassName="w-40"
        currency={currency}
        hint={ruleWords.floorHint}
      />
    </>
  );
}
