import type { SellerTime, SellerTimeBody, SellerTimePart } from '@shared/contracts/what-sells';
import type { Db } from '../db/client';
import { captureMinutesSeen, ownSellerTime, saveSellerTime } from './repo';

/**
 * The seller's minutes per item for each part of the work (decision 149): the seller's own where they set
 * them, else the app's estimate. Capture is read from their own timestamps (the time between photographing one item and
 * the next in a session); review, hand-overs and shipping have no timestamps of their own yet and start from a typical
 * figure the seller corrects.
 */

const labels: Record<SellerTimePart, string> = {
  capture: 'Photographing an item',
  review: 'Reviewing its listing',
  handOver: 'Each hand-over to a marketplace',
  shipping: 'Packing and posting a sale',
};

const typical: Record<SellerTimePart, { minutes: number; basis: string }> = {
  capture: { minutes: 3, basis: 'A typical 3 minutes: too few of your capture sessions to tell yet.' },
  review: { minutes: 2, basis: 'A typical 2 minutes to read and correct a written listing.' },
  handOver: { minutes: 4, basis: 'A typical 4 minutes to copy a listing to a marketplace by hand.' },
  shipping: { minutes: 6, basis: 'A typical 6 minutes to pack, label and post a sale.' },
};

/** Sessions of two items or more the capture estimate needs before it counts the seller's own pace. */
export const captureSessionsNeeded = 3;

const roundTenth = (minutes: number) => Math.round(minutes * 10) / 10;

export async function sellerTimeOf(db: Db, userId: string): Promise<SellerTime> {
  const own = await ownSellerTime(db, userId);
  const seen = await captureMinutesSeen(db, userId);
  const estimates: Record<SellerTimePart, { minutes: number; basis: string }> = {
    ...typical,
    capture:
      seen.median !== null && seen.sessions >= captureSessionsNeeded
        ? {
            minutes: roundTenth(Math.min(30, Math.max(0.5, seen.median))),
            basis: `From your ${seen.sessions} capture sessions: the time between photographing one item and the next.`,
          }
        : typical.capture,
  };
  // A real column holds 2.3 as 2.29999995: read back to the tenth it was saved at.
  const read = (minutes: number | null | undefined) => (minutes === null || minutes === undefined ? null : roundTenth(minutes));
  const ownMinutes: Record<SellerTimePart, number | null> = {
    capture: read(own?.captureMinutes),
    review: read(own?.reviewMinutes),
    handOver: read(own?.handOverMinutes),
    shipping: read(own?.shippingMinutes),
  };
  return {
    parts: (Object.keys(labels) as SellerTimePart[]).map((part) => ({
      part,
      label: labels[part],
      minutes: ownMinutes[part] ?? estimates[part].minutes,
      estimate: estimates[part].minutes,
      basis: estimates[part].basis,
      own: ownMinutes[part],
    })),
  };
}

export async function setSellerTime(db: Db, userId: string, body: SellerTimeBody): Promise<SellerTime> {
  // Kept to the tenth of a minute, what the form shows (and never a float too small for the column).
  const tenth = (minutes: number | null) => (minutes === null ? null : roundTenth(minutes));
  await saveSellerTime(db, userId, {
    captureMinutes: tenth(body.capture),
    reviewMinutes: tenth(body.review),
    handOverMinutes: tenth(body.handOver),
    shippingMinutes: tenth(body.shipping),
  });
  return sellerTimeOf(db, userId);
}

/** The minutes counted for each part. */
export const minutesOf = (time: SellerTime): Record<SellerTimePart, number> =>
  Object.fromEntries(time.parts.map((part) => [part.part, part.minutes])) as Record<SellerTimePart, number>;
