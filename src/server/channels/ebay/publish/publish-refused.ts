/** A publish eBay was never asked for: the item or the seller's account is not ready, in words for the seller. */
export class PublishRefused extends Error {
  constructor(
    message: string,
    readonly problems: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}
