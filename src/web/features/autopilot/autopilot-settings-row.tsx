import { useState } from 'react';
import { channelsInWords } from '@shared/domain/channel-listing';
import { Button } from '@/components/button';
import { SparklesIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useAutopilotSettings } from './api/autopilot-settings';
import { AutopilotSettingsSheet, settingsWords } from './autopilot-settings-sheet';
import { describeRule } from './rule-draft';

export const rowWords = {
  off: 'Off: new products wait for you.',
  on: (channels: string, rule: string) => `On: new products publish on ${channels} by themselves. ${rule}.`,
  loadFailed: 'Could not load the autopilot settings.',
} as const;

/** "Publish when ready" on the Marketplaces screen: whether it is on, where and at what price, and its settings. */
export function AutopilotSettingsRow() {
  const settings = useAutopilotSettings();
  const [open, setOpen] = useState(false);
  const data = settings.data;
  return (
    <section
      aria-labelledby="autopilot-row"
      className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-indigo-200 sm:flex-nowrap sm:p-5"
      data-testid="autopilot-settings-row"
    >
      <SparklesIcon className="size-6 shrink-0 text-indigo-600" />
      <div className="min-w-0 flex-1">
        <h2 id="autopilot-row" className="text-base font-semibold text-slate-900">
          {settingsWords.title}
        </h2>
        <p className="text-sm text-slate-600">
          {settings.isPending ? (
            <Spinner className="size-4" />
          ) : !data ? (
            rowWords.loadFailed
          ) : data.enabled ? (
            rowWords.on(channelsInWords(data.channels), describeRule(data))
          ) : (
            rowWords.off
          )}
        </p>
      </div>
      <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        Settings
      </Button>
      {open && <AutopilotSettingsSheet open onOpenChange={setOpen} />}
    </section>
  );
}
