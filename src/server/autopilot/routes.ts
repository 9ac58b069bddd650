import type { FastifyInstance } from 'fastify';
import { autopilotApi } from '@shared/contracts/autopilot';
import type { AutopilotService } from './service';
import { serveSellerTable } from '../http/seller-routes';

/** Autopilot, "Publish when ready" (decision 054). */
export async function autopilotRoutesPlugin(app: FastifyInstance, deps: { autopilot: AutopilotService }) {
  const { autopilot } = deps;
  serveSellerTable(app, ['autopilot'], autopilotApi, {
    settings: ({ seller }) => autopilot.settings(seller),
    saveSettings: ({ seller, body }) => autopilot.saveSettings(seller, body),
    run: ({ seller }) => autopilot.run(seller),
    control: ({ seller, body }) => autopilot.control(seller, body),
    addItems: ({ seller, body }) => autopilot.addItems(seller, body),
    continueItem: ({ seller, params, body }) => autopilot.continueItem(seller, params.id, body),
    asks: ({ seller, params, query }) => autopilot.asks(seller, params.id, query.category, query.department),
    removeItem: ({ seller, params }) => autopilot.removeItem(seller, params.id),
  });
}
