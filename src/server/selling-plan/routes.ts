import type { FastifyInstance } from 'fastify';
import { sellingPlanApi } from '@shared/contracts/selling-plan';
import type { SellingPlanService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** The selling plan (decision 090): the rules, the week's plan, the seller's decisions and the assisted drop tasks. */
export async function sellingPlanRoutesPlugin(app: FastifyInstance, deps: { sellingPlan: SellingPlanService }) {
  const { sellingPlan } = deps;
  serveSellerTable(app, ['selling plan'], sellingPlanApi, {
    plan: ({ seller }) => sellingPlan.plan(seller),
    decide: ({ seller, body }) => sellingPlan.decide(seller, body),
    rules: async ({ seller }) => ({ rules: await sellingPlan.rules(seller) }),
    setRules: async ({ seller, body }) => ({ rules: await sellingPlan.setRules(seller, body.rules) }),
    removeRule: async ({ seller, query }) => ({ rules: await sellingPlan.removeRule(seller, query.scope) }),
    taskDone: ({ seller, params }) => sellingPlan.taskDone(seller, params.id),
  });
}
