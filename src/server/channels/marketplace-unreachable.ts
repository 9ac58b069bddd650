/**
 * No answer from a marketplace at all (network, DNS, timeout): worth trying again, never a sign that it did or did not
 * act. Each marketplace's client throws its own subclass, named for it.
 */
export class MarketplaceUnreachableError extends Error {
  constructor(marketplace: string, cause: unknown) {
    super(`${marketplace} cannot be reached`, { cause });
    this.name = new.target.name;
  }
}
