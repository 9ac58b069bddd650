import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  planDecisions,
  planDecisionsResponse,
  ruleScopeQuery,
  sellingPlanResponse,
  sellingPlanRoutes,
  sellingPlanRules,
  taskParams,
} from '@shared/contracts/selling-plan';
import type { SellingPlanService } from './service';
import { sellerRoutes } from '../http/seller-routes';

/** The selling plan (decision 090): the rules, the week's plan, the seller's decisions and the assisted drop tasks. */
export async function sellingPlanRoutesPlugin(app: FastifyInstance, deps: { sellingPlan: SellingPlanService }) {
  const { sellingPlan } = deps;
  const route = sellerRoutes(app, ['selling plan']);

  route.get(
    sellingPlanRoutes.plan,
    'The week’s planned offers, drops and relists, each with its price, floor and profit; the items flagged',
    { response: { 200: sellingPlanResponse } },
    ({ seller }) => sellingPlan.plan(seller),
  );
  route.post(
    sellingPlanRoutes.decisions,
    'Approves and rejects planned actions; the approved ones are carried out when due',
    { body: planDecisions, response: { 200: planDecisionsResponse } },
    ({ seller, body }) => sellingPlan.decide(seller, body),
  );
  route.get(sellingPlanRoutes.rules, 'The seller’s drop and relist rules', { response: { 200: sellingPlanRules } }, async ({ seller }) => ({
    rules: await sellingPlan.rules(seller),
  }));
  route.put(
    sellingPlanRoutes.rules,
    'Sets drop and relist rules (seller-wide, per channel or per item); the plan is worked out again',
    { body: sellingPlanRules, response: { 200: sellingPlanRules } },
    async ({ seller, body }) => ({ rules: await sellingPlan.setRules(seller, body.rules) }),
  );
  route.delete(
    sellingPlanRoutes.rules,
    'Removes a channel’s or an item’s rule: the next more general rule applies; the plan is worked out again',
    { querystring: ruleScopeQuery, response: { 200: sellingPlanRules } },
    async ({ seller, query }) => ({ rules: await sellingPlan.removeRule(seller, query.scope) }),
  );
  route.post(
    sellingPlanRoutes.taskDone,
    'The seller made an assisted channel’s drop on the marketplace: its price there is the new one',
    { params: taskParams, response: { 204: z.null() } },
    ({ seller, params }) => sellingPlan.taskDone(seller, params.id),
  );
}
