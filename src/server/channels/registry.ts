import type { z } from 'zod';
import type { ApiChannel } from '@shared/domain/channel-listing';
import type { ChannelModule, ChannelSetup } from './channel-module';
import { registerListedAs } from './listed-as';
import { registerListingPart } from './listing-parts';
import { ebayChannel } from './ebay/module';
import { etsyChannel } from './etsy/module';
import { shopifyChannel } from './shopify/module';
import { depopChannel } from './depop/module';

/**
 * Every API channel the server runs (decision 071), in the order of `apiChannels`: compose.ts, http/app.ts and
 * config.ts build each one from here. Outside a channel's own folders, only this file imports its modules (lint).
 */
export const channelModules = [ebayChannel, etsyChannel, shopifyChannel, depopChannel] as const;

type Registered = (typeof channelModules)[number];
type ModuleNamed<Name extends ApiChannel> = Extract<Registered, { name: Name }>;
type Parts<M> =
  M extends ChannelModule<ApiChannel, z.ZodRawShape, infer Cfg, infer Setup, infer Own> ? { cfg: Cfg; setup: Setup; own: Own } : never;

/** `config.ebay`, `config.etsy`...: each channel's own config, by name. */
export type ChannelConfigs = { [Name in ApiChannel]: Parts<ModuleNamed<Name>>['cfg'] };
/** What each channel is built over (its client, its simulation): tests hand their own to composeServices. */
export type ChannelSetups = { [Name in ApiChannel]: Parts<ModuleNamed<Name>>['setup'] };
/** Each channel's own services (`services.channels.ebay.import`...). */
export type ChannelServices = { [Name in ApiChannel]: Parts<ModuleNamed<Name>>['own'] };

/**
 * The list as generic code walks it: each module's own types (its setup, its services) are the module's business,
 * so here they are unknown. The compiler checks each module against `ChannelModule` where it is written.
 */
export type AnyChannelModule = ChannelModule<ApiChannel, z.ZodRawShape, unknown, ChannelSetup, unknown>;
export const registeredChannels: readonly AnyChannelModule[] = channelModules as unknown as readonly AnyChannelModule[];
for (const module of registeredChannels) {
  if (module.listing) registerListingPart(module.name, module.listing.part);
  if (module.listing?.listedAs) registerListedAs(module.name, module.listing.listedAs);
}

// A channel named in `apiChannels` but not registered here does not compile.
type Unregistered = Exclude<ApiChannel, Registered['name']>;
export const everyApiChannelRegistered: [Unregistered] extends [never] ? true : Unregistered = true;
