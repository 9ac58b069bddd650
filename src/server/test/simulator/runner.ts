import fc from 'fast-check';
import {
  AddItem,
  channelsArb,
  ConnectDepop,
  depopReaches,
  Publish,
  SetCost,
  SetOfferRule,
  SetPrice,
  SignUp,
  simCommands,
  SimFailure,
  simStats,
  type DepopReach,
  type SimReal,
} from './commands';
import { checkInvariants } from './invariants';
import { typedAmountArb } from './typing';
import { depopCountries, emptyModel, simCountries, type SimModel } from './model';
import { createWorld, type World } from './world';

export interface SimulationOptions {
  runs: number;
  seed: number;
  /** Commands in one sequence at most. */
  maxCommands?: number;
  /** fast-check's path of a failing sequence, to replay it (with its seed) without the search. */
  path?: string;
  /** Stop at the first failing sequence and report it whole, without shrinking it (a long run on a loaded machine). */
  noShrink?: boolean;
  /**
   * Every week a Depop week: a US or GB seller with Depop connected, the offer rule on and a cost typed (what a run
   * needs to reach Depop's likes, offers and sales in a few sequences); the other steps drawn as ever.
   */
  depopWeeks?: boolean;
  /** Called after each sequence (progress). */
  onSequence?: (done: number, so: { steps: number; depop: Readonly<Record<DepopReach, number>> }) => void;
}

export interface SimulationResult {
  sequences: number;
  steps: number;
  ms: number;
  /** fast-check's report of the shrunk failing sequence and its seed and path; null when every sequence held. */
  failure: string | null;
  /** How many sequences reached each thing on the simulated Depop (a live listing, a sale, a like, an offer). */
  depop: Record<DepopReach, number>;
}

/** The seller's offers to likers as a week opens with them: a percent off, asking first or not. */
const offerRuleArb = fc.record({ percentOff: fc.integer({ min: 5, max: 30 }), askFirst: fc.boolean() });
/** A cost as a percent of the price: under it, so the floor leaves room for an offer. */
const costPercentArb = fc.integer({ min: 5, max: 50 });

/**
 * Random seller weeks against the real server: fast-check draws command sequences (`fc.commands`), runs each from
 * an empty model against the one app (each sequence signs up sellers of its own, so sequences never meet), checks the
 * invariants after every step, and shrinks a failing sequence to a short one it prints with the seed to replay it.
 */
export async function runSimulation(options: SimulationOptions, world?: World): Promise<SimulationResult> {
  const own = world ?? (await createWorld());
  const started = Date.now();
  let sequences = 0;
  let steps = 0;
  const reachedBy = Object.fromEntries(depopReaches.map((reach) => [reach, 0])) as Record<DepopReach, number>;
  try {
    const property = fc.asyncProperty(
      // Every sequence opens with a seller and an item of theirs, so no draw is spent on steps with no one to act.
      options.depopWeeks ? fc.constantFrom(...depopCountries) : fc.constantFrom(...simCountries),
      typedAmountArb(),
      channelsArb,
      // Most weeks start with Depop connected (a US or GB seller), so its sales, likes and offers are reached in a few steps.
      options.depopWeeks ? fc.constant(true) : fc.constantFrom(true, true, true, false),
      // Some with the offer rule on (asking first, or Depop's automatic offer) and a cost under the price, without which
      // no offer is made (a percent of the price, so the floor leaves room for one).
      options.depopWeeks ? offerRuleArb : fc.option(offerRuleArb, { freq: 2 }),
      options.depopWeeks ? costPercentArb : fc.option(costPercentArb, { freq: 3 }),
      fc.commands(simCommands, { maxCommands: options.maxCommands ?? 20, size: 'large' }),
      async (country, price, channels, depop, offerRule, costPercent, drawn) => {
        // A seller's week starts with an item priced in Publish Settings and listed.
        const costMinor = Math.max(1, Math.round((price.meantMinor * (costPercent ?? 0)) / 100));
        const commands = [
          new SignUp(country),
          ...(depop ? [new ConnectDepop(0)] : []),
          ...(depop && offerRule ? [new SetOfferRule(0, true, offerRule.percentOff, offerRule.askFirst)] : []),
          new AddItem(0),
          new SetPrice(0, 'publish-settings', price, true),
          ...(costPercent === null ? [] : [new SetCost(0, { meantMinor: costMinor, style: 'locale' })]),
          // A Depop week lists on Depop too, so its listing is there for the likes, offers and sales drawn after.
          new Publish(0, depop && !channels.includes('depop') ? [...channels, 'depop'] : channels),
          ...drawn,
        ];
        steps += await runSequence(own, commands, (reached) => {
          for (const reach of reached) reachedBy[reach] += 1;
        });
        sequences += 1;
        options.onSequence?.(sequences, { steps, depop: reachedBy });
      },
    );
    const details = await fc.check(property, {
      numRuns: options.runs,
      seed: options.seed,
      ...(options.path ? { path: options.path } : {}),
      ...(options.noShrink ? { endOnFailure: true } : {}),
      verbose: 0,
      includeErrorInReport: true,
    });
    return {
      sequences,
      steps,
      ms: Date.now() - started,
      failure: details.failed ? (fc.defaultReportMessage(details) ?? 'failed') : null,
      depop: reachedBy,
    };
  } finally {
    if (!world) await own.close();
  }
}

/**
 * One sequence from an empty model: each command, then every invariant; the steps run (a command whose check fails
 * is skipped, as fast-check skips it). Regression tests replay a shrunk sequence through it.
 */
export async function runSequence(
  world: World,
  commands: Iterable<fc.AsyncCommand<SimModel, SimReal, false>>,
  onReached?: (reached: ReadonlySet<DepopReach>) => void,
): Promise<number> {
  const real: SimReal = { world, sent: [], step: 0, reached: new Set() };
  const ran: string[] = [];
  const wrapped = [...commands].map((command) => ({
    check: command.check.bind(command),
    toString: command.toString.bind(command),
    async run(m: SimModel, r: SimReal) {
      r.step += 1;
      ran.push(command.toString());
      const at = Date.now();
      try {
        await command.run(m, r);
        if (process.env.SIM_VERBOSE) console.log(`  ${command.toString()} ${Date.now() - at} ms`);
        const sent = r.world.takeSentPrices();
        simStats.pricesSent += sent.length;
        r.sent.push(...sent.map((price) => ({ ...price, step: r.step })));
        await checkInvariants(m, r);
      } catch (error) {
        // The report names the steps run (fast-check's counterexample cannot: these wrappers, not its commands, ran).
        const message = error instanceof Error ? error.message : String(error);
        throw new SimFailure(`${message}\nat step ${r.step} of:\n  ${ran.join('\n  ')}`, { cause: error });
      }
    },
  }));
  world.takeSentPrices();
  await fc.asyncModelRun(() => ({ model: emptyModel(), real }), wrapped);
  if (process.env.SIM_VERBOSE) console.log(`  reached on Depop: ${[...real.reached].join(', ') || 'nothing'}`);
  onReached?.(real.reached);
  return real.step;
}

export { SimFailure };

const reachWords: Record<DepopReach, string> = {
  live: 'a live listing',
  sale: 'a sale',
  like: 'a like',
  offer: 'an offer sent to a liker',
  'automatic offer': 'an automatic offer to likers',
};

/** The run's Depop line: how many sequences had a live listing, a sale, a like, an offer. */
export const depopReport = (depop: Record<DepopReach, number>) =>
  depopReaches.map((reach) => `${reachWords[reach]} ${depop[reach]}`).join(', ');
