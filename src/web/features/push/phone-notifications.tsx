import { useEffect, useState } from 'react';
import { pushWords } from '@shared/contracts/push';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { pushUnavailable, thisDeviceSubscription, usePushDevices, useTurnOnPhoneNotifications } from './use-phone-notifications';

/**
 * Phone notifications on the Marketplaces screen (decision 084): "Turn on phone notifications" subscribes
 * this device to Web Push, so an item sold elsewhere reaches the seller's phone within seconds with a link to
 * delist it on Depop, Poshmark... Without it (or where the browser cannot), the delist tasks come by e-mail.
 */
export function PhoneNotifications() {
  const devices = usePushDevices();
  const turnOn = useTurnOnPhoneNotifications();
  const [thisDevice, setThisDevice] = useState(false);
  const unavailable = pushUnavailable();

  useEffect(() => {
    let live = true;
    void thisDeviceSubscription()
      .then((subscription) => live && setThisDevice(subscription !== null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [turnOn.isSuccess]);

  const count = devices.data ?? 0;
  return (
    <section
      aria-labelledby="phone-notifications"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-5"
      data-testid="phone-notifications"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="phone-notifications" className="text-base font-semibold text-slate-900">
            Phone notifications
          </h2>
          <p className="text-sm text-slate-600">{pushWords.hint}</p>
        </div>
        {!thisDevice && unavailable !== pushWords.unsupported && (
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11 w-full sm:min-h-0 sm:w-auto"
            onClick={() => turnOn.mutate()}
            loading={turnOn.isPending}
          >
            {pushWords.turnOn}
          </Button>
        )}
      </div>
      {thisDevice ? (
        <Alert tone="success">{pushWords.thisDeviceOn}</Alert>
      ) : count > 0 ? (
        <p className="text-sm text-slate-700">{pushWords.on(count)}</p>
      ) : null}
      {turnOn.isError ? <Alert tone="warning">{turnOn.error.message}</Alert> : unavailable && <Alert tone="info">{unavailable}</Alert>}
    </section>
  );
}
