import { formatMoney } from '@shared/domain/money';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { useDepopLikes, useSimulateDepopLike } from './use-depop-offers';

export const depopLikesWords = {
  likes: (likes: number, offered: number) =>
    likes === 0
      ? 'No likes on Depop yet.'
      : `${likes} ${likes === 1 ? 'like' : 'likes'} on Depop${offered ? ` · ${offered} sent an offer` : ''}.`,
  lastOffer: (price: string) => `Last offer to likers: ${price}.`,
  simulate: 'Simulate a like on Depop',
} as const;

/** A live Depop listing's likes (Depop's interested buyers) and the offers sent them; on the simulation, a like to try. */
export function DepopLikes({ itemId, simulated }: { itemId: string; simulated: boolean }) {
  const likes = useDepopLikes(itemId, true);
  const like = useSimulateDepopLike(itemId);
  return (
    <div className="flex flex-col gap-2" data-testid="depop-likes">
      {likes.data && (
        <p className="text-slate-700" role="status">
          {depopLikesWords.likes(likes.data.likes, likes.data.offered)}
          {likes.data.lastOffer && <> {depopLikesWords.lastOffer(formatMoney(likes.data.lastOffer.price))}</>}
        </p>
      )}
      {likes.isError && <Alert tone="error">Could not read the likes: {likes.error.message}</Alert>}
      {simulated && (
        <Button variant="secondary" size="sm" className="self-start" loading={like.isPending} onClick={() => like.mutate()}>
          {depopLikesWords.simulate}
        </Button>
      )}
      {like.isError && <Alert tone="error">{like.error.message}</Alert>}
    </div>
  );
}
