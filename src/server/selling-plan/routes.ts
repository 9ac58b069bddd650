import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  planDecisions,
  planDecisionsResponse,
  ruleScopeQuery,
  sellingPlanResponse,
  sellingPlanRoutes,
  sellingPlanRules,
  taskParams,
} from '@shared/contracts/selling-plan';
import { currentUser } from '../auth/session';
import type { SellingPlanService } from './service';
import { routeDoc } from '../http/route-doc';

/** The selling plan (decision 090): the rules, the week's plan, the seller's decisions and the assisted drop tasks. */
export async function sellingPlanRoutesPlugin(app: FastifyInstance, deps: { sellingPlan: SellingPlanService }) {
  const { sellingPlan } = deps;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const doc = routeDoc(['selling plan']);

  typed.get(
    sellingPlanRoutes.plan,
    doc('The week’s planned offers, drops and relists, each with its price, floor and profit; the items flagged', {
      response: { 200: sellingPlanResponse },
    }),
    async (request) => sellingPlan.plan(currentUser(request).id),
  );

  typed.post(
    sellingPlanRoutes.decisions,
    doc('Approves and rejects planned actions; the approved ones are carried out when due', {
      body: planDecisions,
      response: { 200: planDecisionsResponse },
    }),
    async (request) => sellingPlan.decide(currentUser(request).id, request.body),
  );

  typed.get(
    sellingPlanRoutes.rules,
    doc('The seller’s drop and relist rules', { response: { 200: sellingPlanRules } }),
    async (request) => ({ rules: await sellingPlan.rules(currentUser(request).id) }),
  );

  typed.put(
    sellingPlanRoutes.rules,
    doc('Sets drop and relist rules (seller-wide, per channel or per item); the plan is worked out again', {
      body: sellingPlanRules,
      response: { 200: sellingPlanRules },
    }),
    async (request) => ({ rules: await sellingPlan.setRules(currentUser(request).id, request.body.rules) }),
  );

  typed.delete(
    sellingPlanRoutes.rules,
    doc('Removes a channel’s or an item’s rule: the next more general rule applies; the plan is worked out again', {
      querystring: ruleScopeQuery,
      response: { 200: sellingPlanRules },
    }),
    async (request) => ({ rules: await sellingPlan.removeRule(currentUser(request).id, request.query.scope) }),
  );

  typed.post(
    sellingPlanRoutes.taskDone,
    doc('The seller made an assisted channel’s drop on the marketplace: its price there is the new one', {
      params: taskParams,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await sellingPlan.taskDone(currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
