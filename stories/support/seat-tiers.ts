// Seat tiers of the seeded Pro plans, added to the sandbox by the stories that show many plans.
import type { SandboxData } from '../../src/sandbox/index.js';

/** The seat counts of the tiers. */
export const SEATS = [1, 2, 3, 5, 10, 25];
/** The seeded plans the tiers are made from. */
export const PRO_PLANS = ['prod_pro_monthly', 'prod_pro_yearly'];
/** The id of one tier. */
export const tierId = (planId: string, seats: number) => `${planId}_${seats}`;
/** The ids of every tier, monthly then yearly. */
export const seatTierIds = () =>
  PRO_PLANS.flatMap((planId) => SEATS.map((seats) => tierId(planId, seats)));

/** Seat tiers of the seeded Pro plans (price × seats), monthly and yearly, in the sandbox. */
export function addSeatTiers({ products }: SandboxData) {
  for (const planId of PRO_PLANS) {
    const plan = products.find((p) => p.id === planId);
    if (!plan) throw new Error(`seed changed: no ${planId}`);
    for (const seats of SEATS) {
      products.push({
        ...structuredClone(plan),
        id: tierId(planId, seats),
        name: plan.billing_period === 'every-year' ? `Pro ${seats} (yearly)` : `Pro ${seats}`,
        description: `${plan.description} For ${seats} ${seats === 1 ? 'seat' : 'seats'}.`,
        price: plan.price * seats,
        features: plan.features?.map((f) => ({ ...f, id: `${f.id}_${seats}` })),
      });
    }
  }
}
